/**
 * Cline, Roo Code and Kilo Code `ui_messages.json`: the chat panel's events, `{ts, type: "say" |
 * "ask", say | ask, text, partial, conversationHistoryIndex}` (cline/cline
 * `src/shared/ExtensionMessage.ts`, ClineMessage / ClineSay / ClineAsk / ClineSayTool). Read on
 * its own, and merged into the task history when a task folder holds both (cline-task-folder.ts).
 *
 * Every `say: api_req_started` is one request to the model: a turn. The request's text (`request`
 * in its JSON) holds the user blocks sent, so the previous turn's tool answers are read from it;
 * `command_output` adds to the command it follows.
 */
import type { ContextMessage, ImportWarning } from '../model/transcript';
import type { CallDraft, TurnDraft } from '../model/normalize';
import { clineResultFlag, splitRequestText } from './cline-results';
import { addUserParts, isoFromMs, readJsonArray, taskTitle } from './cline-task';
import { ANSWERS, browserResult, callOf, type UiCall } from './cline-ui-calls';
import { tryParseJson } from './json-parse';
import { keysAt, keyValue, scanJsonHead } from './json-head';
import { isObj, num, str, TranscriptBuilder, type Obj } from './transcript-builder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

export const CLINE_UI_FORMAT = 'cline-ui-messages';
export const CLINE_UI_FILE = 'ui_messages.json';
/** The file's name before Cline 2.x. */
const OLD_UI_FILE = 'claude_messages.json';

/** Panel events that say nothing about calls or the conversation (checkpoints, UI state). */
const QUIET = new Set([
  'api_req_finished',
  'checkpoint_created',
  'checkpoint_saved',
  'deleted_api_reqs',
  'shell_integration_warning',
  'shell_integration_warning_with_suggestion',
  'info',
  'task_progress',
  'condense',
  'condense_context',
  'mcp_notification',
  'resume_task',
  'resume_completed_task',
  'auto_approval_max_req_reached',
  'hook',
  'hook_output',
  'hook_status',
  'reasoning_details',
  'subtask_result',
  'user_edit_todos',
  'codebase_search_result',
  'browser_session_status',
  'api_req_deleted',
  'clineignore_error',
  'generate_explain_changes',
]);

/** What one API request carried, for merging into the task history. */
export interface UiRequest {
  ts?: string;
  /** `conversationHistoryIndex` of the request event: its answer is history message index + 2. */
  historyIndex?: number;
  tokens?: { input?: number; output?: number };
  cost?: number;
  /** API failures and retries while this request was made, as system messages. */
  apiEvents: { text: string; timestamp?: string; extra: Obj }[];
}

interface RequestInfo {
  text?: string;
  tokens?: { input?: number; output?: number };
  cost?: number;
}

function requestInfo(text: unknown): RequestInfo {
  const v = typeof text === 'string' ? tryParseJson(text) : undefined;
  if (!isObj(v)) return {};
  const input = ['tokensIn', 'cacheWrites', 'cacheReads'].map((k) => num(v[k]));
  const output = num(v.tokensOut);
  const known = input.some((n) => n !== undefined);
  const tokens =
    known || output !== undefined
      ? { input: known ? input.reduce<number>((s, n) => s + (n ?? 0), 0) : undefined, output }
      : undefined;
  return { text: str(v.request), tokens, cost: num(v.cost) };
}

/** An API failure or retry event as a system message, or undefined for any other event. */
function apiEvent(kind: string, m: Obj): UiRequest['apiEvents'][number] | undefined {
  const text = typeof m.text === 'string' ? m.text : '';
  if (kind === 'api_req_failed') return { text: text || 'API request failed', extra: { apiError: true } };
  if (kind === 'api_req_retried') return { text: 'API request retried', extra: { apiRetry: true } };
  // Roo Code's automatic retry: the error and the wait, as text.
  if (kind === 'api_req_retry_delayed')
    return { text: text || 'API request failed; retrying', extra: { apiRetry: true } };
  if (kind === 'error_retry') {
    const v = tryParseJson(text);
    const o = isObj(v) ? v : {};
    return {
      text: str(o.errorMessage) ?? (text || 'API request failed; retrying'),
      extra: definedOnly({ apiRetry: true, attempt: num(o.attempt), maxAttempts: num(o.maxAttempts) }),
    };
  }
  return undefined;
}

/** Without the keys whose value is undefined (a stored copy would not have them). */
function definedOnly(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

const kindOf = (m: Obj) => (m.type === 'say' ? str(m.say) : m.type === 'ask' ? str(m.ask) : undefined);

/** The requests of a panel log with their timing, usage and API retries (for the merge). */
export function uiRequests(messages: unknown[]): UiRequest[] {
  const out: UiRequest[] = [];
  for (const m of messages) {
    if (!isObj(m)) continue;
    const kind = kindOf(m);
    if (kind === 'api_req_started') {
      const info = requestInfo(m.text);
      out.push({
        ts: isoFromMs(m.ts),
        historyIndex: num(m.conversationHistoryIndex),
        tokens: info.tokens,
        cost: info.cost,
        apiEvents: [],
      });
      continue;
    }
    const e = kind === undefined ? undefined : apiEvent(kind, m);
    if (e && out.length) out[out.length - 1].apiEvents.push({ ...e, timestamp: isoFromMs(m.ts) });
  }
  return out;
}

function lastOpen(turn: TurnDraft | undefined, name?: string): CallDraft | undefined {
  const calls = turn?.calls ?? [];
  for (let i = calls.length - 1; i >= 0; i--) if (name === undefined || calls[i].name === name) return calls[i];
  return undefined;
}

export class UiReader {
  private turn?: TurnDraft;
  private started = false;
  /** Calls whose result was gathered from output events, not read from a request. */
  private fromEvents = new WeakSet<CallDraft>();
  readonly skipped = new Map<string, number>();

  constructor(private readonly b: TranscriptBuilder) {}

  push(m: unknown, where: string): void {
    const b = this.b;
    if (!isObj(m)) return b.warn(`${where} is not an object; skipped`);
    const kind = kindOf(m);
    if (kind === undefined) return b.warn(`${where}: no "say" or "ask" kind; skipped`);
    const text = typeof m.text === 'string' ? m.text : '';
    const ts = isoFromMs(m.ts);
    if (kind === 'api_req_started') return this.request(m, ts, where);
    if (kind === 'task' || kind === 'user_feedback' || (kind === 'text' && !this.started && m.type === 'say'))
      return b.context('user', text, ts);
    const e = apiEvent(kind, m);
    if (e) return this.apiEvent(e, ts);
    if (kind === 'text') return this.appendText(text);
    if (kind === 'reasoning') {
      const t = b.lastOrNew();
      const before = typeof t.extra?.reasoning === 'string' ? `${t.extra.reasoning}\n` : '';
      t.extra = { ...t.extra, reasoning: before + text };
      return;
    }
    const call = callOf(kind, text);
    if (call) return this.call(call);
    // The empty `ask` that waits for the user's reply after a completion.
    if (kind === 'completion_result') return;
    if (kind in ANSWERS) return this.answer(kind, text);
    if (kind === 'error' || kind === 'diff_error') {
      const c = lastOpen(this.turn);
      if (c && (!c.result || this.fromEvents.has(c))) c.result = { content: text, isError: true };
      else b.context('system', text, ts, { error: true });
      return;
    }
    if (kind === 'mistake_limit_reached' || kind === 'user_feedback_diff')
      return b.context(kind === 'user_feedback_diff' ? 'user' : 'system', text, ts);
    if (!QUIET.has(kind)) this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + 1);
  }

  private request(m: Obj, ts: string | undefined, where: string): void {
    const info = requestInfo(m.text);
    // The request carries the user blocks sent: answers to the previous turn's calls (what the
    // model read, so they replace what output events gathered). Its user text is in the events.
    if (this.started && info.text !== undefined)
      addUserParts(this.b, this.turn, splitRequestText(info.text), where, {
        userText: false,
        addUnmatched: true,
        replaceable: (c) => this.fromEvents.has(c),
      });
    this.started = true;
    this.turn = this.b.turn({ timestamp: ts, tokens: info.tokens });
    if (info.cost !== undefined) this.turn.extra = { cost: info.cost };
  }

  /** An API failure or retry happened while the current request was made: it goes before its answer. */
  private apiEvent(e: NonNullable<ReturnType<typeof apiEvent>>, ts: string | undefined): void {
    if (!this.turn) return this.b.context('system', e.text, ts, e.extra);
    const msg: ContextMessage = ts
      ? { role: 'system', text: e.text, timestamp: ts, extra: e.extra }
      : { role: 'system', text: e.text, extra: e.extra };
    this.turn.before = [...(this.turn.before ?? []), msg];
  }

  private appendText(text: string): void {
    const t = this.b.lastOrNew();
    if (text.trim() === '') return;
    t.text = typeof t.text === 'string' && t.text !== '' ? `${t.text}\n\n${text}` : text;
  }

  private call(call: UiCall): void {
    this.turn ??= this.b.lastOrNew();
    const c = this.b.call(this.turn, { name: call.name, args: call.args });
    if (call.output === undefined) return;
    // The next request's copy, when there is one, replaces it.
    c.result = { content: call.output, ...clineResultFlag(call.output) };
    this.fromEvents.add(c);
  }

  private answer(kind: string, text: string): void {
    const c = lastOpen(this.turn, ANSWERS[kind]);
    if (!c) return this.b.warn(`a ${kind} event follows no call of its request; skipped`);
    const content = kind === 'browser_action_result' ? browserResult(text) : text;
    const prev = c.result && typeof c.result.content === 'string' ? c.result.content : undefined;
    const all = prev ? `${prev}\n${content}` : content;
    c.result = { content: all, ...clineResultFlag(all) };
    this.fromEvents.add(c);
  }
}

export async function parseClineUiMessages(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  void ctx;
  const warnings: ImportWarning[] = [];
  const messages = await readJsonArray(src, warnings, 'panel messages');
  const b = new TranscriptBuilder(src.name, warnings);
  const r = new UiReader(b);
  messages.forEach((m, i) => r.push(m, `message ${i + 1}`));
  if (r.skipped.size)
    b.warn(`skipped panel events Loopscope does not read: ${[...r.skipped].map(([k, n]) => `${k} (${n})`).join(', ')}`);
  if (b.isEmpty()) throw new ImportError(src.name, 'no messages in this Cline panel log');
  const t = b.build({
    format: CLINE_UI_FORMAT,
    source: src.name,
    title: taskTitle(b.firstUserText()) ?? src.name,
  });
  return { format: CLINE_UI_FORMAT, transcripts: [t], warnings };
}

const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
const SAY_OR_ASK = keyValue('type', 'say|ask');

export function sniffClineUiMessages(head: string): string | null {
  const h = scanJsonHead(head, 3);
  if (h.root !== 'array') return 'not a JSON array';
  const first = keysAt(h, '0');
  if (!first.includes('ts') || !first.includes('type')) return 'its first element has no "ts" and "type"';
  if (!SAY_OR_ASK.test(head) || !(first.includes('say') || first.includes('ask')))
    return 'no "say" / "ask" panel events';
  return null;
}

export const clineUiMessagesImporter: Importer = {
  id: CLINE_UI_FORMAT,
  label: 'Cline / Roo Code panel messages',
  matchesName: (name) => {
    const base = baseName(name);
    return base === CLINE_UI_FILE || base === OLD_UI_FILE;
  },
  sniff: (head) => sniffClineUiMessages(head),
  parse: parseClineUiMessages,
};
