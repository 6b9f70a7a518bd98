/**
 * Claude Code session JSONL (`~/.claude/projects/<project>/<session>.jsonl`, one entry a line).
 * Schema: daaain/claude-code-log `claude_code_log/models.py` (UserTranscriptEntry,
 * AssistantTranscriptEntry, SummaryTranscriptEntry, SystemTranscriptEntry, ...) with Anthropic
 * Messages content blocks (text, thinking, tool_use, tool_result, image).
 *
 * Decisions (also in docs/formats.md):
 * - Claude Code writes one API response as several `assistant` lines sharing `message.id` (one
 *   content block each, sometimes with tool results in between); they merge into ONE turn.
 * - tokens.input = input_tokens + cache_creation_input_tokens + cache_read_input_tokens: the whole
 *   prompt the model read (with caching, input_tokens alone is only the uncached tail, often
 *   single digits). tokens.output = output_tokens. Each field is the largest value seen over the
 *   lines of one response, since Claude Code repeats (and may grow) usage on every line.
 * - `isApiErrorMessage: true` lines are written by Claude Code in the model's place (model
 *   `<synthetic>`, text "API Error: ...") and are not sent back to the model: they become a
 *   `system` context message with extra.apiError, not a turn and not a warning.
 * - Sidechain (subagent) lines inside a session file stay nested: turn.agent and call.agent =
 *   `agentId`, else 'sidechain'. A file whose every message is a sidechain is a subagent's own
 *   transcript (current Claude Code writes `<session>/subagents/agent-<agentId>.jsonl`, older
 *   versions `agent-<agentId>.jsonl` beside the sessions): it is kept as its own transcript,
 *   titled "Subagent <agentId>: …", with extra.agentId and extra.parentSessionId.
 * - `summary` / `ai-title` lines name the transcript; harness bookkeeping lines (file snapshots,
 *   queue operations, progress, attachments...) are skipped quietly; unknown types are warned.
 * - One transcript per file, whatever sessionIds it mixes. A resumed session writes the history
 *   it continues again (the same `message.id`s and tool_use ids, new uuids): those entries are
 *   read once, with one warning counting them.
 */
import type { Extra, ImportWarning } from '../model/transcript';
import type { TurnDraft } from '../model/normalize';
import { isObj, str, num, titleFrom, TranscriptBuilder, type Obj } from './transcript-builder';
import { hasKeys, rootStringValue, scanJsonHead } from './json-head';
import { jsonProblem, parseJson } from './json-parse';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';
import { eachLine } from './source';

export const CLAUDE_CODE_FORMAT = 'claude-code';

/** Entry types that carry no conversation: skipped without a warning. */
const BOOKKEEPING = new Set([
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'agent-setting',
  'pr-link',
  'turn_end',
]);
const KNOWN = ['user', 'assistant', 'system', 'summary', 'ai-title', ...BOOKKEEPING];

function dropUndefined(o: Extra): Extra | undefined {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return Object.keys(o).length ? o : undefined;
}

/** Text of a tool_result's content: a string, or text blocks (images become a marker). */
export function blocksText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((b) => {
      if (typeof b === 'string') return b;
      if (isObj(b) && b.type === 'text') return typeof b.text === 'string' ? b.text : '';
      if (isObj(b) && b.type === 'image') return '[image]';
      return JSON.stringify(b);
    })
    .join('\n');
}

function agentOf(o: Obj): string | undefined {
  return str(o.agentId) ?? (o.isSidechain === true ? 'sidechain' : undefined);
}

function usageOf(u: unknown): { input: number; output: number } | undefined {
  if (!isObj(u)) return undefined;
  const input =
    (num(u.input_tokens) ?? 0) + (num(u.cache_creation_input_tokens) ?? 0) + (num(u.cache_read_input_tokens) ?? 0);
  return { input, output: num(u.output_tokens) ?? 0 };
}

/** Separate text blocks of one response are separate paragraphs. */
function appendText(turn: TurnDraft, add: string): void {
  if (add === '') return;
  turn.text = typeof turn.text === 'string' && turn.text !== '' ? `${turn.text}\n\n${add}` : add;
}

interface State {
  b: TranscriptBuilder;
  byMessageId: Map<string, TurnDraft>;
  firstUser?: string;
  summary?: string;
  aiTitle?: string;
  sessionId?: string;
  agentId?: string;
  /** User and assistant lines outside / inside a sidechain. */
  mainLines: number;
  sideLines: number;
  /** The turn made last: only it may take more lines of its response. */
  last?: TurnDraft;
  /** Lines that repeat a message read before (a resumed session's history), skipped. */
  replayed: number;
}

function readAssistant(s: State, o: Obj, msg: Obj): void {
  const ts = str(o.timestamp);
  if (o.isApiErrorMessage === true) {
    const extra = dropUndefined({
      apiError: true,
      error: o.error as unknown,
      apiErrorStatus: o.apiErrorStatus as unknown,
    });
    s.b.context('system', blocksText(msg.content), ts, extra);
    return;
  }
  const agent = agentOf(o);
  const id = str(msg.id);
  let turn = id ? s.byMessageId.get(id) : undefined;
  if (turn && turn !== s.last) {
    // A response read turns ago, written again: a resumed session replays its history with new
    // uuids. Read once, or every call of that history would show twice.
    s.replayed++;
    return;
  }
  if (!turn) {
    turn = s.b.turn({ text: '', timestamp: ts, agent });
    if (id) s.byMessageId.set(id, turn);
    s.last = turn;
  }
  const u = usageOf(msg.usage);
  if (u)
    turn.tokens = {
      input: Math.max(turn.tokens?.input ?? 0, u.input),
      output: Math.max(turn.tokens?.output ?? 0, u.output),
    };
  const blocks: unknown[] =
    typeof msg.content === 'string'
      ? [{ type: 'text', text: msg.content }]
      : Array.isArray(msg.content)
        ? msg.content
        : [];
  if (!Array.isArray(msg.content) && typeof msg.content !== 'string') s.b.warn('assistant message has no content');
  for (const block of blocks) {
    if (!isObj(block)) {
      appendText(turn, typeof block === 'string' ? block : JSON.stringify(block));
      continue;
    }
    if (block.type === 'text') appendText(turn, typeof block.text === 'string' ? block.text : '');
    else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      const extra = (turn.extra ??= {});
      const prev = typeof extra.thinking === 'string' ? `${extra.thinking}\n\n` : '';
      extra.thinking = prev + (typeof block.thinking === 'string' ? block.thinking : '[redacted]');
    } else if (block.type === 'tool_use' || block.type === 'server_tool_use') {
      s.b.call(turn, { id: str(block.id), name: str(block.name) ?? 'unknown', args: block.input ?? {}, agent });
    } else if (typeof block.type === 'string' && block.type.endsWith('_tool_result') && str(block.tool_use_id)) {
      // Server tools (web search) answer inside the same assistant message.
      s.b.answer(str(block.tool_use_id), undefined, blocksText(block.content), block.is_error === true, block.type);
    } else s.b.warn(`assistant content block of type ${JSON.stringify(block.type)} skipped`);
  }
}

function readUser(s: State, o: Obj, msg: Obj): void {
  const ts = str(o.timestamp);
  if (msg.content === undefined || msg.content === null) {
    s.b.warn('user line has no message.content; skipped');
    return;
  }
  const texts: string[] = [];
  const blocks = Array.isArray(msg.content) ? msg.content : [msg.content];
  for (const block of blocks) {
    if (typeof block === 'string') texts.push(block);
    else if (isObj(block) && block.type === 'tool_result') {
      const id = str(block.tool_use_id);
      if (!id) s.b.warn('tool_result without tool_use_id; skipped');
      // A result for a call already answered: the replayed history of a resumed session.
      else if (s.b.callById(id)?.result !== undefined) s.replayed++;
      else s.b.answer(id, undefined, blocksText(block.content), block.is_error === true, 'tool_result');
    } else if (isObj(block) && block.type === 'text') texts.push(typeof block.text === 'string' ? block.text : '');
    else if (isObj(block) && block.type === 'image') texts.push('[image]');
    else s.b.warn(`user content block ${JSON.stringify(isObj(block) ? block.type : block)} skipped`);
  }
  const text = texts.join('\n');
  const agent = agentOf(o);
  s.b.context('user', text, ts, dropUndefined({ isMeta: o.isMeta === true ? true : undefined, agent }));
  if (s.firstUser === undefined && o.isMeta !== true && text.trim() !== '') s.firstUser = text;
}

function readLine(s: State, o: Obj): void {
  s.sessionId ??= str(o.sessionId);
  const type = o.type;
  if (type === 'user' || type === 'assistant') {
    if (o.isSidechain === true) {
      s.sideLines++;
      s.agentId ??= str(o.agentId);
    } else s.mainLines++;
    if (!isObj(o.message)) {
      s.b.warn(`${type} line has no message object; skipped`);
      return;
    }
    if (type === 'user') readUser(s, o, o.message);
    else readAssistant(s, o, o.message);
  } else if (type === 'system') {
    s.b.context(
      'system',
      str(o.content) ?? '',
      str(o.timestamp),
      dropUndefined({ subtype: o.subtype, level: o.level }),
    );
  } else if (type === 'summary') s.summary ??= str(o.summary);
  else if (type === 'ai-title') s.aiTitle = str(o.aiTitle) ?? s.aiTitle;
  else if (typeof type === 'string' && BOOKKEEPING.has(type)) return;
  else if (typeof type !== 'string') s.b.warn('line has no "type"; skipped');
  else s.b.warn(`unknown entry type ${JSON.stringify(type)}; skipped`);
}

export async function parseClaudeCode(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  const s: State = {
    b: new TranscriptBuilder(file, warnings),
    byMessageId: new Map(),
    mainLines: 0,
    sideLines: 0,
    replayed: 0,
  };
  let lineNo = 0;
  for await (const raw of eachLine(src.lines())) {
    lineNo++;
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    if (raw.trim() === '') continue;
    s.b.line = lineNo;
    let o: unknown;
    try {
      o = parseJson(raw, { file, warnings, line: lineNo });
    } catch (e) {
      s.b.warn(`${jsonProblem(e)}; skipped`);
      continue;
    }
    if (!isObj(o)) s.b.warn(`expected a JSON object, got ${Array.isArray(o) ? 'an array' : typeof o}; skipped`);
    else readLine(s, o);
  }
  s.b.line = undefined;
  if (s.replayed > 0)
    s.b.warn(
      `${s.replayed} ${s.replayed === 1 ? 'entry repeats a message' : 'entries repeat messages'} read before (the history a resumed session writes again); read once`,
    );
  if (s.b.isEmpty()) throw new ImportError(file, 'no user or assistant messages in this Claude Code session file');
  const base = file.split(/[\\/]/).pop() ?? file;
  const title = titleFrom(s.aiTitle) ?? titleFrom(s.summary) ?? titleFrom(s.firstUser) ?? base;
  const subagent = s.mainLines === 0 && s.sideLines > 0;
  if (subagent) {
    const agentId = s.agentId ?? /^agent-(.+)\.jsonl$/i.exec(base)?.[1];
    const extra = { agentId, parentSessionId: s.sessionId };
    const t = s.b.build({
      title: `Subagent${agentId ? ` ${agentId}` : ''}: ${title}`,
      format: CLAUDE_CODE_FORMAT,
      source: file,
      extra: dropUndefined(extra),
    });
    return { format: CLAUDE_CODE_FORMAT, transcripts: [t], warnings };
  }
  const extra = s.sessionId ? { sessionId: s.sessionId } : undefined;
  const t = s.b.build({ title, format: CLAUDE_CODE_FORMAT, source: file, extra });
  return { format: CLAUDE_CODE_FORMAT, transcripts: [t], warnings };
}

/** A line (possibly cut by the head) that looks like a Claude Code entry. */
function looksLikeEntry(line: string): boolean {
  const t = line.trimStart();
  if (!t.startsWith('{')) return false;
  // The root's own "type": a compact Gemini CLI recording has "sessionId" at the top and
  // "type": "user" inside its messages, and Claude Code itself writes `message` (with its nested
  // "type": "message" / "text") before the line's "type".
  const type = rootStringValue(t, 'type');
  // A first line longer than the head (a pasted image) is cut before its "type": Claude Code's own
  // leading keys still say what it is.
  if (type === undefined) return hasKeys(scanJsonHead(t, 1), '', 'parentUuid', 'isSidechain', 'sessionId');
  if (!KNOWN.includes(type)) return false;
  return (
    /"(parentUuid|sessionId|leafUuid)"\s*:/.test(t) || (type === 'file-history-snapshot' && /"messageId"\s*:/.test(t))
  );
}

/** Lines of the head a sniffer looks through for a first Claude Code entry. */
const SNIFF_LINES = 20;

export const claudeCodeImporter: Importer = {
  id: CLAUDE_CODE_FORMAT,
  label: 'Claude Code session JSONL',
  // Session files are named <uuid>.jsonl: nothing in the name is specific to Claude Code.
  matchesName: () => false,
  sniff(head) {
    // Past lines Claude Code added later (a title, a mode change, a line of a newer kind): the first
    // entry of a known kind decides, so such a session is never left to a more general sniffer.
    const lines = head.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) return 'the file is empty';
    if (lines.slice(0, SNIFF_LINES).some(looksLikeEntry)) return null;
    return 'no Claude Code entry near the start (a "type" of user/assistant/summary/... with "sessionId", "parentUuid" or "leafUuid")';
  },
  parse: parseClaudeCode,
};
