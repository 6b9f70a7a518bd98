/**
 * Cline, Roo Code and Kilo Code task history: `tasks/<id>/api_conversation_history.json`, the
 * Anthropic-style messages the extension sent and received (cline/cline
 * `src/core/storage/disk.ts`, `src/core/task/index.ts`; Roo Code `src/core/task-persistence/`).
 *
 * Calls are XML in the assistant text (cline-xml.ts) or, with native tool calling, `tool_use`
 * blocks; answers come back as user text `[tool for '…'] Result: …` (cline-results.ts) or
 * `tool_result` blocks. Cline and Roo Code add `ts` (ms) to each message; newer Cline adds
 * `modelInfo` and `metrics.tokens {prompt, completion, cached}`.
 */
import type { ImportWarning } from '../model/transcript';
import type { CallDraft, TurnDraft } from '../model/normalize';
import { parseToolXml } from './cline-xml';
import { clineResultFlag, splitUserMessage, type UserPart } from './cline-results';
import { readJsonDocument } from './json-docs';
import { keysAt, scanJsonHead } from './json-head';
import { isObj, num, str, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const CLINE_TASK_FORMAT = 'cline-task';
export const CLINE_HISTORY_FILE = 'api_conversation_history.json';

/** The rejected call a turn without any tool gets when the harness answers "You did not use a tool". */
export const NO_TOOL_CALL = 'no_tool_used';

/** Milliseconds since the epoch (Cline's `ts`) to ISO 8601. */
export function isoFromMs(v: unknown): string | undefined {
  const n = num(v);
  if (n === undefined) return undefined;
  const d = new Date(n);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The task as the user typed it: the inside of `<task>…</task>`, else the text. */
export function taskTitle(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const open = text.indexOf('<task>');
  const close = open === -1 ? -1 : text.indexOf('</task>', open);
  return titleFrom(close === -1 ? text : text.slice(open + 6, close));
}

function blocksOf(content: unknown): unknown[] | undefined {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : undefined;
}

function textOf(blocks: unknown[]): string {
  return blocks
    .filter((x): x is Obj => isObj(x) && x.type === 'text' && typeof x.text === 'string')
    .map((x) => x.text as string)
    .join('\n');
}

function metricsTokens(m: Obj): { input?: number; output?: number } | undefined {
  const t = isObj(m.metrics) && isObj(m.metrics.tokens) ? m.metrics.tokens : undefined;
  if (!t) return undefined;
  const prompt = num(t.prompt);
  const cached = num(t.cached);
  const output = num(t.completion);
  const input = prompt === undefined && cached === undefined ? undefined : (prompt ?? 0) + (cached ?? 0);
  return input === undefined && output === undefined ? undefined : { input, output };
}

function addAssistant(b: TranscriptBuilder, m: Obj, blocks: unknown[]): TurnDraft {
  const text = textOf(blocks);
  const native = blocks.filter((x): x is Obj => isObj(x) && x.type === 'tool_use');
  // With native calls the text is prose; tags in it are not run by the harness.
  const xml = native.length ? undefined : parseToolXml(text);
  const turn = b.turn({ text: xml ? xml.prose : text, tokens: metricsTokens(m), timestamp: isoFromMs(m.ts) });
  const thinking = blocks
    .filter((x): x is Obj => isObj(x) && x.type === 'thinking' && typeof x.thinking === 'string')
    .map((x) => x.thinking as string);
  if (thinking.length) turn.extra = { reasoning: thinking.join('\n') };
  for (const x of native) b.call(turn, { id: str(x.id), name: str(x.name) ?? 'unknown', args: x.input ?? {} });
  for (const c of xml?.calls ?? []) b.call(turn, { name: c.name, args: c.args });
  return turn;
}

export interface PartOptions {
  timestamp?: string;
  /** False: the parts' plain text is not added as the user's (the panel log has it already). */
  userText?: boolean;
  /** A call whose result may be replaced by this answer (one gathered from panel output events). */
  replaceable?: (c: CallDraft) => boolean;
  /**
   * An answer no call takes makes its call (name from the header, arguments unknown): the panel
   * log does not show every call its requests answer.
   */
  addUnmatched?: boolean;
}

/** Adds one user message's parts: answers to the previous turn's calls, the rest as the user's text. */
export function addUserParts(
  b: TranscriptBuilder,
  prev: TurnDraft | undefined,
  parts: UserPart[],
  where: string,
  opts: PartOptions = {},
): void {
  const open = (c: CallDraft) => !c.result || (opts.replaceable?.(c) ?? false);
  // The previous turn's oldest unanswered call of that name gets the answer; false when none.
  const answerByName = (name: string, content: string) => {
    const c = prev?.calls?.find((x) => x.name === name && open(x));
    if (!c) return false;
    c.result = { content, ...clineResultFlag(content) };
    return true;
  };
  const said: string[] = [];
  for (const p of parts) {
    if (p.kind === 'text') said.push(p.text);
    else if (p.kind === 'tool_result') {
      if (p.id !== undefined) b.answer(p.id, undefined, p.content, p.isError, `${where} (tool_result)`);
      else b.warn(`${where}: tool_result has no "tool_use_id"; skipped`);
    } else if (p.kind === 'result') {
      if (answerByName(p.name, p.content)) continue;
      if (opts.addUnmatched && prev)
        b.call(prev, { name: p.name, args: {}, result: { content: p.content, ...clineResultFlag(p.content) } });
      else {
        b.warn(`${where}: a result of ${p.name}, which the previous assistant turn did not call; kept as user text`);
        said.push(`[${p.name}] Result:\n${p.content}`);
      }
    } else if (p.kind === 'not_run') {
      const c = prev?.calls?.find((x) => x.name === p.name && open(x));
      if (c) {
        c.rejected = true;
        c.result = { content: p.text, isError: true };
      } else if (opts.addUnmatched && prev)
        b.call(prev, { name: p.name, args: {}, rejected: true, result: { content: p.text, isError: true } });
      else said.push(p.text);
    } else if (prev && !prev.calls?.length) {
      b.call(prev, { name: NO_TOOL_CALL, args: {}, rejected: true, result: { content: p.text, isError: true } });
    } else said.push(p.text);
  }
  if (opts.userText !== false) b.context('user', said.join('\n\n'), opts.timestamp);
}

export interface ClineHistory {
  /** The turn each assistant message (by its index in the file) became. */
  turnAt: Map<number, TurnDraft>;
  model?: string;
}

/** Reads the messages of one task into the builder. */
export function readClineHistory(b: TranscriptBuilder, messages: unknown[]): ClineHistory {
  const turnAt = new Map<number, TurnDraft>();
  let prev: TurnDraft | undefined;
  let model: string | undefined;
  messages.forEach((m, i) => {
    const where = `message ${i + 1}`;
    if (!isObj(m)) return b.warn(`${where} is not an object; skipped`);
    const blocks = blocksOf(m.content);
    if (!blocks) return b.warn(`${where}: "content" is neither a string nor a block list; skipped`);
    if (m.role === 'assistant') {
      prev = addAssistant(b, m, blocks);
      turnAt.set(i, prev);
      model ??= isObj(m.modelInfo) ? str(m.modelInfo.modelId) : undefined;
    } else if (m.role === 'user')
      addUserParts(b, prev, splitUserMessage(blocks), where, { timestamp: isoFromMs(m.ts) });
    else b.warn(`${where}: unknown role ${JSON.stringify(m.role) ?? 'nothing'}; skipped`);
  });
  return { turnAt, model };
}

/** The file's JSON array, or an ImportError naming the file. */
export async function readJsonArray(src: ImportSource, warnings: ImportWarning[], what: string): Promise<unknown[]> {
  const value = await readJsonDocument(src, warnings);
  warnings.push(...(src.decodeWarnings?.() ?? []));
  if (!Array.isArray(value)) throw new ImportError(src.name, `not a JSON array of ${what}`);
  return value;
}

export async function parseClineTask(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  void ctx;
  const warnings: ImportWarning[] = [];
  const messages = await readJsonArray(src, warnings, 'messages');
  const b = new TranscriptBuilder(src.name, warnings);
  const h = readClineHistory(b, messages);
  if (b.isEmpty()) throw new ImportError(src.name, 'no messages in this Cline task history');
  const t = b.build({
    format: CLINE_TASK_FORMAT,
    source: src.name,
    title: taskTitle(b.firstUserText()) ?? src.name,
    extra: h.model ? { model: h.model } : undefined,
  });
  return { format: CLINE_TASK_FORMAT, transcripts: [t], warnings };
}

const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

/** Content that only the Cline family writes: its editor-state block, result headers or tool tags. */
const CLINE_MARKS =
  /<environment_details>|\[[a-z_]+ for '[^'\n]{0,200}'\] Result:|\[(?:attempt_completion|ERROR)\] |<(?:execute_command|read_file|write_to_file|replace_in_file|attempt_completion|apply_diff)>\\n/;

export function sniffClineTask(head: string): string | null {
  const h = scanJsonHead(head, 3);
  if (h.root !== 'array') return 'not a JSON array';
  if (!keysAt(h, '0').includes('role')) return 'a JSON array, but its first element has no "role"';
  return CLINE_MARKS.test(head)
    ? null
    : 'no Cline marks (<environment_details>, "[tool for \'…\'] Result:", XML tool tags)';
}

export const clineTaskImporter: Importer = {
  id: CLINE_TASK_FORMAT,
  label: 'Cline / Roo Code task history',
  matchesName: (name) => baseName(name) === CLINE_HISTORY_FILE,
  sniff: (head) => sniffClineTask(head),
  parse: parseClineTask,
};
