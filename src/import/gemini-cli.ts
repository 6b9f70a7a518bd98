/**
 * Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/session-*.json[l]`). Schema:
 * google-gemini/gemini-cli packages/core/src/services/chatRecordingTypes.ts and
 * chatRecordingService.ts — ConversationRecord {sessionId, projectHash, startTime,
 * lastUpdated, messages: MessageRecord[]}; MessageRecord {id, timestamp, type: user | gemini |
 * info | error | warning, content: PartListUnion, toolCalls?: ToolCallRecord[] {id, name, args,
 * result, status, timestamp, agentId?}, tokens?: {input, output, cached, thoughts, tool, total}}.
 * Older recordings are one JSON ConversationRecord; newer ones are JSONL: a metadata line,
 * message lines (a repeated id replaces the earlier message), `{$set}` metadata updates (a
 * `$set.messages` replaces the list) and `{$rewindTo: id}` (drops that message and later ones).
 * Also reads plain Gemini API `contents` (see gemini-contents.ts).
 */
import { edgesOf, exitCodeAtEdges } from '../model/error-rules';
import type { Extra, ImportWarning } from '../model/transcript';
import type { CallDraft } from '../model/normalize';
import { openJsonDocs, type JsonDoc } from './json-docs';
import { firstLine, hasKeys, keysAt, scanJsonHead } from './json-head';
import { addGeminiDocument, partsText, resultFromParts } from './gemini-contents';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const GEMINI_CLI_FORMAT = 'gemini-cli';

/** The CLI opens every chat with a generated setup message; it is not what the user asked. */
function typedByUser(text: string): boolean {
  return !text.startsWith('This is the Gemini CLI.');
}

/** Replays the JSONL records (streamed) into metadata and the final message list. */
async function replay(docs: AsyncIterable<JsonDoc>, b: TranscriptBuilder): Promise<{ meta: Obj; messages: unknown[] }> {
  let meta: Obj = {};
  const byId = new Map<string, unknown>();
  for await (const d of docs) {
    b.line = d.line;
    const v = d.value;
    if (!isObj(v)) b.warn('not a JSON object; skipped');
    else if (typeof v.$rewindTo === 'string') {
      let found = false;
      for (const id of [...byId.keys()]) if ((found ||= id === v.$rewindTo)) byId.delete(id);
      if (!found) byId.clear();
    } else if (typeof v.id === 'string') byId.set(v.id, v);
    else if (isObj(v.$set)) {
      meta = { ...meta, ...v.$set };
      if (Array.isArray(v.$set.messages)) {
        byId.clear();
        v.$set.messages.forEach((m, i) => byId.set(isObj(m) && typeof m.id === 'string' ? m.id : `#${i}`, m));
      }
    } else if (typeof v.sessionId === 'string') meta = { ...meta, ...v };
    else b.warn('neither session metadata, a message, $set nor $rewindTo; skipped');
  }
  b.line = undefined;
  return { meta, messages: [...byId.values()] };
}

/**
 * `run_shell_command` reports `status: success` for a command that ran, whatever its exit code:
 * the code is in its output (`Exit Code: 1`), which is what the model read.
 */
function shellExitFailed(content: unknown): boolean {
  if (typeof content !== 'string') return false;
  const code = exitCodeAtEdges(edgesOf(content));
  return code !== null && code !== 0;
}

/** Cancelled calls count as errors: the CLI tells the model the operation was cancelled. */
function callOf(tc: Obj): CallDraft {
  const status = str(tc.status);
  let result: CallDraft['result'];
  if (tc.result !== undefined && tc.result !== null) {
    const r = resultFromParts(tc.result);
    result = {
      content: r.content,
      isError: r.isError || status === 'error' || status === 'cancelled' || shellExitFailed(r.content),
    };
  } else if (status === 'error' || status === 'cancelled' || status === 'success') {
    const display = typeof tc.resultDisplay === 'string' ? tc.resultDisplay : status;
    result = { content: display, isError: status !== 'success' };
  }
  return { id: str(tc.id), name: str(tc.name) ?? 'unknown', args: tc.args ?? {}, result, agent: str(tc.agentId) };
}

/**
 * The model, and its thoughts as reasoning: Gemini CLI records each as `{subject, description,
 * timestamp}`; shown as the subject's line, then the description.
 */
function geminiExtra(m: Obj): Extra | undefined {
  const extra: Extra = {};
  if (str(m.model)) extra.model = m.model;
  const thoughts = (Array.isArray(m.thoughts) ? m.thoughts : [])
    .filter(isObj)
    .map((t) => [str(t.subject), str(t.description)].filter((x) => x !== undefined && x.trim() !== '').join('\n'))
    .filter((x) => x !== '');
  if (thoughts.length) extra.reasoning = thoughts.join('\n\n');
  return Object.keys(extra).length ? extra : undefined;
}

function addMessage(b: TranscriptBuilder, m: unknown, where: string): void {
  if (!isObj(m)) return b.warn(`${where} is not an object; skipped`);
  const at = str(m.timestamp);
  switch (m.type) {
    case 'user':
      return b.context('user', partsText(m.content), at);
    case 'info':
    case 'error':
    case 'warning':
      return b.context('system', `[${m.type}] ${partsText(m.content)}`, at);
    case 'gemini': {
      const t = isObj(m.tokens) ? m.tokens : undefined;
      const turn = b.turn({
        text: partsText(m.content),
        timestamp: at,
        tokens: t ? { input: num(t.input) ?? 0, output: (num(t.output) ?? 0) + (num(t.thoughts) ?? 0) } : undefined,
        extra: geminiExtra(m),
      });
      const calls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
      calls.forEach((tc, k) =>
        isObj(tc) ? b.call(turn, callOf(tc)) : b.warn(`${where}: tool call ${k + 1} is not an object; skipped`),
      );
      return;
    }
    default:
      return b.warn(`${where}: unknown message type ${JSON.stringify(m.type) ?? 'nothing'}; skipped`);
  }
}

function isRecord(v: unknown): v is Obj {
  return isObj(v) && typeof v.sessionId === 'string' && Array.isArray(v.messages);
}

export async function parseGeminiCli(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  const { kind, docs } = await openJsonDocs(src, warnings, ctx.signal);
  const b = new TranscriptBuilder(src.name, warnings);
  let meta: Obj = {};
  let messages: unknown[] = [];
  if (kind === 'json') {
    let only: unknown;
    for await (const d of docs) only = d.value;
    if (isRecord(only)) {
      meta = only;
      messages = only.messages as unknown[];
    } else if (!addGeminiDocument(b, only))
      throw new ImportError(src.name, 'neither a Gemini CLI recording nor Gemini API contents');
  } else ({ meta, messages } = await replay(docs, b));
  messages.forEach((msg, i) => addMessage(b, msg, `message ${i + 1}`));
  if (b.isEmpty()) throw new ImportError(src.name, 'no Gemini messages found');
  const extra: Obj = {};
  if (str(meta.sessionId)) extra.sessionId = meta.sessionId;
  if (str(meta.projectHash)) extra.projectHash = meta.projectHash;
  if (str(meta.startTime)) extra.startTime = meta.startTime;
  if (str(meta.kind)) extra.kind = meta.kind;
  const title =
    str(meta.summary) ??
    titleFrom(b.firstUserText(typedByUser)) ??
    (extra.sessionId ? `Gemini session ${String(extra.sessionId)}` : src.name);
  const transcript = b.build({
    format: GEMINI_CLI_FORMAT,
    source: src.name,
    title,
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { format: GEMINI_CLI_FORMAT, transcripts: [transcript], warnings };
}

export function sniffGeminiCli(head: string): string | null {
  const h = scanJsonHead(head, 3);
  if (h.root === 'object' && hasKeys(h, '', 'sessionId', 'projectHash')) return null;
  // A JSONL recording whose metadata line is short: scan just that line.
  if (hasKeys(scanJsonHead(firstLine(head), 1), '', 'sessionId', 'projectHash')) return null;
  if (h.root === 'array')
    return hasKeys(h, '0', 'parts') ? null : 'a JSON array, but not of Gemini {role, parts} contents';
  if (h.root !== 'object') return 'not a JSON object or array';
  const top = keysAt(h, '');
  if (top.includes('contents') && (keysAt(h, 'contents.0').includes('parts') || keysAt(h, 'contents.0').length === 0))
    return null;
  if (top.includes('candidates') && keysAt(h, 'candidates.0').includes('content')) return null;
  return 'no sessionId/projectHash recording and no Gemini {role, parts} contents';
}

export const geminiCliImporter: Importer = {
  id: GEMINI_CLI_FORMAT,
  label: 'Gemini CLI',
  matchesName: () => false,
  sniff: (head) => sniffGeminiCli(head),
  parse: parseGeminiCli,
};
