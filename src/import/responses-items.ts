/**
 * OpenAI Responses API items -> canonical turns; shared by `openai-responses` and
 * `codex-rollout` (Codex persists the same items: openai/codex codex-rs/protocol/src/models.rs
 * ResponseItem). Schema: openai/openai-openapi ResponseItem / InputItem (message, reasoning,
 * function_call {call_id, name, arguments}, function_call_output {call_id, output},
 * custom_tool_call {call_id, name, input}, local_shell_call {call_id, action}, mcp_call, ...).
 *
 * One model response = one turn. Items carry no response boundary, so a turn is a run of
 * model-side items (assistant message, reasoning, *_call): the first model-side item after an
 * input-side item (user message, tool output) starts the next turn.
 */
import type { TurnDraft } from '../model/normalize';
import { tryParseJson } from './json-parse';
import { isObj, str, type Obj, type TranscriptBuilder } from './transcript-builder';

/** Hosted tools the model calls without a separate output item: name, and where the args live. */
const HOSTED: Record<string, string> = {
  web_search_call: 'action',
  file_search_call: 'queries',
  code_interpreter_call: 'code',
  image_generation_call: 'prompt',
  tool_search_call: 'arguments',
};

const OUTPUTS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'computer_call_output',
]);
const SKIPPED = new Set(['ghost_snapshot', 'compaction', 'compaction_summary', 'item_reference', 'mcp_list_tools']);

/** Text of message content: a string or parts (input_text / output_text / refusal / images). */
export function responsesText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const out: string[] = [];
  for (const p of content) {
    if (!isObj(p)) continue;
    if (typeof p.text === 'string') out.push(p.text);
    else if (typeof p.refusal === 'string') out.push(p.refusal);
    else if (p.type === 'input_image') out.push('[image]');
    else if (p.type === 'input_file') out.push('[file]');
  }
  return out.join('\n');
}

/**
 * A string output: its text and whether it says it failed (exit code, error field; undefined when
 * it does not say). Codex's shell output is a JSON string `{"output": "...", "metadata":
 * {"exit_code": N, ...}}`: the text the model read is `output` (the exit code is the error flag,
 * the duration is noise that would make every run of one command look different). Parsed once.
 */
function stringResult(s: string): { content: string; isError: boolean | undefined } {
  const t = s.trimStart();
  if (t.startsWith('{')) {
    const o = tryParseJson(t);
    if (!isObj(o)) return { content: s, isError: undefined };
    const code = isObj(o.metadata) ? o.metadata.exit_code : undefined;
    if (typeof code === 'number') return { content: typeof o.output === 'string' ? o.output : s, isError: code !== 0 };
    if (o.error !== undefined && o.error !== null && o.error !== false && o.error !== '')
      return { content: s, isError: true };
    return { content: s, isError: undefined };
  }
  // Newer Codex shell output: "Exit code: 1\nWall time: ...\nOutput:\n...".
  const m = /^Exit code: (-?\d+)/.exec(t);
  if (m !== null) return { content: s, isError: m[1] !== '0' };
  // Codex answers a call the user refused with this text alone ("exec command rejected by user").
  return { content: s, isError: REFUSED.test(t.length > 200 ? t.slice(0, 200) : t) ? true : undefined };
}

const REFUSED = /^(?:exec command|patch|command|tool call|request) rejected by (?:the )?user\b/i;

/**
 * Tool outputs carry no error flag in the Responses API. An output is an error when it is an
 * object with `success: false` (older Codex payloads), a JSON object with a non-zero
 * `metadata.exit_code` or a non-empty `error`, or text starting `Exit code: N` with N != 0; not
 * one with `success: true`, exit code 0 or `Exit code: 0`. Anything else has no flag (undefined):
 * the normaliser infers it from the text.
 */
export function outputResult(output: unknown): { content: unknown; isError: boolean | undefined } {
  if (typeof output === 'string') return stringResult(output);
  if (Array.isArray(output)) return { content: responsesText(output), isError: undefined };
  if (isObj(output) && 'content' in output) {
    const said = stringResult(String(output.content ?? '')).isError;
    return {
      content: output.content,
      isError: output.success === false || said === true ? true : output.success === true ? false : said,
    };
  }
  return { content: output ?? '', isError: undefined };
}

export class ResponsesReader {
  /** The last item was model-side: the next model-side item joins the same turn. */
  private inTurn = false;

  constructor(private readonly b: TranscriptBuilder) {}

  /** The next model-side item starts a new turn (e.g. after a compaction or a user event). */
  breakTurn(): void {
    this.inTurn = false;
  }

  current(): TurnDraft | undefined {
    return this.b.last();
  }

  private modelTurn(timestamp?: string): TurnDraft {
    const last = this.b.last();
    if (this.inTurn && last) return last;
    this.inTurn = true;
    return this.b.turn({ text: '', timestamp });
  }

  private addText(turn: TurnDraft, text: string): void {
    if (text === '') return;
    turn.text = turn.text ? `${String(turn.text)}\n\n${text}` : text;
  }

  add(item: unknown, where: string, timestamp?: string): void {
    const b = this.b;
    if (!isObj(item)) return b.warn(`${where} is not an object; skipped`);
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (type === 'message') return this.message(item, where, timestamp);
    if (type === 'reasoning') {
      const turn = this.modelTurn(timestamp);
      const parts = [
        ...(Array.isArray(item.summary) ? item.summary : []),
        ...(Array.isArray(item.content) ? item.content : []),
      ];
      const text = parts
        .map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : ''))
        .filter(Boolean)
        .join('\n');
      if (text)
        turn.extra = {
          ...turn.extra,
          reasoning: turn.extra?.reasoning ? `${String(turn.extra.reasoning)}\n${text}` : text,
        };
      return;
    }
    if (typeof type === 'string' && OUTPUTS.has(type)) {
      this.inTurn = false;
      const id = str(item.call_id) ?? str(item.id);
      const { content, isError } = outputResult(item.output);
      b.answer(id, undefined, content, isError, `${where} (${type})`);
      return;
    }
    if (
      type === 'function_call' ||
      type === 'custom_tool_call' ||
      type === 'local_shell_call' ||
      type === 'computer_call' ||
      type === 'mcp_call'
    )
      return this.call(item, type, timestamp);
    if (typeof type === 'string' && type in HOSTED) {
      const turn = this.modelTurn(timestamp);
      const args = item[HOSTED[type]];
      const c = b.call(turn, {
        id: str(item.id),
        name: type.replace(/_call$/, ''),
        args: isObj(args) ? args : args === undefined ? {} : { [HOSTED[type]]: args },
      });
      if (item.status === 'failed') c.result = { content: 'failed', isError: true };
      return;
    }
    if (typeof type === 'string' && SKIPPED.has(type)) return;
    b.warn(`${where}: unknown item type ${JSON.stringify(type) ?? 'nothing'}; skipped`);
  }

  private message(item: Obj, where: string, timestamp?: string): void {
    const text = responsesText(item.content);
    if (item.role === 'assistant') return this.addText(this.modelTurn(timestamp), text);
    this.inTurn = false;
    if (item.role === 'user') this.b.context('user', text, timestamp);
    else if (item.role === 'system' || item.role === 'developer') this.b.context('system', text, timestamp);
    else this.b.warn(`${where}: message with unknown role ${JSON.stringify(item.role) ?? 'nothing'}; skipped`);
  }

  private call(item: Obj, type: string, timestamp?: string): void {
    const turn = this.modelTurn(timestamp);
    const id = str(item.call_id) ?? str(item.id);
    if (type === 'function_call')
      this.b.call(turn, { id, name: str(item.name) ?? 'unknown', args: item.arguments ?? {} });
    else if (type === 'custom_tool_call')
      this.b.call(turn, { id, name: str(item.name) ?? 'unknown', args: { input: item.input ?? '' } });
    else if (type === 'local_shell_call') {
      const action: Obj = isObj(item.action) ? { ...item.action } : {};
      delete action.type;
      this.b.call(turn, { id, name: 'local_shell', args: action });
    } else if (type === 'computer_call') this.b.call(turn, { id, name: 'computer', args: item.action ?? {} });
    else {
      // mcp_call carries its own output or error.
      const failed = item.error !== undefined && item.error !== null;
      const result =
        failed || item.output !== undefined
          ? { content: failed ? item.error : item.output, isError: failed }
          : undefined;
      const extra = str(item.server_label) ? { server: item.server_label } : undefined;
      this.b.call(turn, { id, name: str(item.name) ?? 'unknown', args: item.arguments ?? {}, result, extra });
    }
  }

  setTokens(tokens: { input?: number; output?: number }): void {
    const t = this.b.last();
    if (t) t.tokens = tokens;
  }
}
