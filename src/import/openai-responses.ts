/**
 * OpenAI Responses API transcripts (schema: openai/openai-openapi CreateResponse `input`,
 * Response {object: "response", output, usage {input_tokens, output_tokens}}). Accepted:
 * a bare item array, a request `{input: [...] | "text", instructions?}`, a response object
 * with `output` (its usage becomes the tokens of the turn it produced), a logged pair
 * `{input, output, usage}`, and JSON Lines of those, where a response whose
 * `previous_response_id` names the previous line's `id` continues that transcript.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { openJsonDocs } from './json-docs';
import { keyValue, keysAt, scanJsonHead } from './json-head';
import { ResponsesReader } from './responses-items';
import { isObj, isoFromSeconds, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const OPENAI_RESPONSES_FORMAT = 'openai-responses';

const RESPONSES_TYPES = keyValue(
  'type',
  'function_call|function_call_output|custom_tool_call|custom_tool_call_output|local_shell_call|reasoning|input_text|output_text|mcp_call|web_search_call|computer_call',
);

interface Session {
  b: TranscriptBuilder;
  r: ResponsesReader;
  lastId?: string;
  line?: number;
  extra: Obj;
}

function isShape(v: unknown): boolean {
  return (
    Array.isArray(v) || (isObj(v) && (Array.isArray(v.output) || Array.isArray(v.input) || typeof v.input === 'string'))
  );
}

function addDoc(s: Session, v: unknown): void {
  const { b, r } = s;
  if (Array.isArray(v)) return v.forEach((item, i) => r.add(item, `item ${i + 1}`));
  const o = v as Obj;
  if (str(o.model)) s.extra.model ??= o.model;
  if (str(o.instructions) && !s.extra.instructionsSeen) {
    b.context('system', o.instructions as string);
    s.extra.instructionsSeen = true;
  }
  if (typeof o.input === 'string') b.context('user', o.input);
  else if (Array.isArray(o.input)) o.input.forEach((item, i) => r.add(item, `input ${i + 1}`));
  if (Array.isArray(o.output)) {
    r.breakTurn();
    const before = b.turns.length;
    const at = isoFromSeconds(o.created_at);
    o.output.forEach((item, i) => r.add(item, `output ${i + 1}`, at));
    const usage = isObj(o.usage) ? o.usage : undefined;
    if (usage && b.turns.length > before)
      r.setTokens({ input: num(usage.input_tokens) ?? 0, output: num(usage.output_tokens) ?? 0 });
    if (o.status === 'failed' || o.status === 'incomplete') b.warn(`the response status is ${String(o.status)}`);
    r.breakTurn();
  }
  s.lastId = str(o.id);
}

function finish(s: Session, file: string, many: boolean): Transcript {
  delete s.extra.instructionsSeen;
  return s.b.build({
    format: OPENAI_RESPONSES_FORMAT,
    source: file,
    title: titleFrom(s.b.firstUserText()) ?? (many && s.line !== undefined ? `${file} (line ${s.line})` : file),
    extra: Object.keys(s.extra).length ? s.extra : undefined,
  });
}

export async function parseOpenAIResponses(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const { docs } = await openJsonDocs(src, warnings, ctx.signal);
  const sessions: Session[] = [];
  for await (const d of docs) {
    if (!isShape(d.value)) {
      warnings.push({
        file: src.name,
        line: d.line,
        reason: 'neither an item array, a request with "input" nor a response with "output"; skipped',
      });
      continue;
    }
    const prev = sessions[sessions.length - 1];
    const continues =
      prev && isObj(d.value) && prev.lastId !== undefined && d.value.previous_response_id === prev.lastId;
    let s = prev;
    if (!continues) {
      const b = new TranscriptBuilder(src.name, warnings);
      s = { b, r: new ResponsesReader(b), line: d.line, extra: {} };
      sessions.push(s);
    }
    s.b.line = d.line;
    addDoc(s, d.value);
  }
  const transcripts = sessions.filter((s) => !s.b.isEmpty()).map((s) => finish(s, src.name, sessions.length > 1));
  if (transcripts.length === 0) throw new ImportError(src.name, 'no Responses API items found');
  return { format: OPENAI_RESPONSES_FORMAT, transcripts, warnings };
}

export function sniffOpenAIResponses(head: string): string | null {
  const h = scanJsonHead(head, 3);
  if (/"tool_calls"\s*:/.test(head)) return 'it has Chat Completions "tool_calls"';
  if (h.root === 'array') {
    const first = keysAt(h, '0');
    if (first.includes('parts')) return 'its elements have Gemini "parts"';
    if (
      (first.includes('type') || first.includes('role')) &&
      (RESPONSES_TYPES.test(head) || keyValue('type', 'message').test(head))
    )
      return null;
    return 'a JSON array, but not of Responses items';
  }
  if (h.root !== 'object') return 'not a JSON object or array';
  const top = keysAt(h, '');
  if (top.includes('messages') || top.includes('payload'))
    return 'a chat request or a Codex rollout line, not a Responses item list';
  if (top.includes('output') && (keyValue('object', 'response').test(head) || keysAt(h, 'output.0').includes('type')))
    return null;
  if (top.includes('input')) {
    const first = keysAt(h, 'input.0');
    if (
      first.includes('type') ||
      (first.includes('role') && RESPONSES_TYPES.test(head)) ||
      keyValue('object', 'response').test(head)
    )
      return null;
    return '"input" is not a list of Responses items';
  }
  return 'no item array, "input" list or response "output"';
}

export const openaiResponsesImporter: Importer = {
  id: OPENAI_RESPONSES_FORMAT,
  label: 'OpenAI Responses',
  matchesName: () => false,
  sniff: (head) => sniffOpenAIResponses(head),
  parse: parseOpenAIResponses,
};
