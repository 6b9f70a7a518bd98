/**
 * SpecStory Markdown (`.specstory/history/YYYY-MM-DD_HH-MM-<slug>.md`): what the SpecStory
 * extension writes for Cursor and GitHub Copilot chats and the SpecStory CLI for Claude Code,
 * Cursor CLI, Codex CLI and Gemini CLI sessions. Read line by line, one transcript per file.
 *
 * - The lines before the first role header are the file header (specstory-lines.ts): the title
 *   (`# …`), the provider and session id (`<!-- Claude Code Session <id> (…) -->`).
 * - `_**User …**_` starts a user message: context of the next turn.
 * - `_**Assistant …**_` / `_**Agent …**_` starts an assistant message: a turn per call that
 *   specstory-blocks.ts finds in it (with the words written before the call), and a turn for the
 *   words after the last call; the model and mode of its header in extra, its time as the
 *   turns' timestamp. An empty message (Claude Code exports write one header per content block,
 *   some with nothing) is no turn. `_****_` (early Cursor exports) continues the message before it.
 * - `Agent - sidechain` messages are a subagent's: `agent: "sidechain"` on the turn and its calls;
 *   one without a model is the prompt the subagent was given (a user message with that agent).
 * - Role headers are recognised anywhere, even inside a code block left open, so one unclosed
 *   fence cannot swallow the rest of the chat.
 */
import type { ContextMessage, ImportWarning } from '../model/transcript';
import { normalizeTranscript, type CallDraft, type TurnDraft } from '../model/normalize';
import { titleFrom } from './transcript-builder';
import { messageItems } from './specstory-blocks';
import { readFileHeaderLine, roleHeader, type FileHeader, type RoleHeader } from './specstory-lines';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';
import { eachLine } from './source';

export const SPECSTORY_FORMAT = 'specstory';

interface Message {
  header: RoleHeader;
  line: number;
  lines: string[];
}

interface State {
  file: FileHeader;
  /** Exports with a Markdown version or `<tool-use>` blocks (v2) never use the older block calls. */
  legacy: boolean;
  turns: TurnDraft[];
  pending: ContextMessage[];
  firstUser?: string;
}

function trimmed(lines: string[]): string {
  let b = lines.length;
  while (b > 0 && (lines[b - 1].trim() === '' || lines[b - 1].trim() === '---')) b--;
  return lines.slice(0, b).join('\n').trim();
}

function finishMessage(s: State, m: Message): void {
  const h = m.header;
  if (h.role === 'user' || (h.sidechain && !h.model && !m.lines.some((l) => l.startsWith('<tool-use')))) {
    const text = trimmed(m.lines);
    if (text === '') return;
    const msg: ContextMessage = { role: 'user', text };
    if (h.timestamp) msg.timestamp = h.timestamp;
    if (h.sidechain) msg.extra = { agent: 'sidechain' };
    // A slash command's echo (`<command-name>/exit</command-name>`) is not what the chat is about.
    else if (!/^<(local-)?command-/.test(text)) s.firstUser ??= text;
    s.pending.push(msg);
    return;
  }
  // An export that writes `<tool-use>` blocks never uses the older block calls, whatever its header says.
  if (s.legacy && m.lines.some((l) => l.startsWith('<tool-use'))) s.legacy = false;
  const items = messageItems(m.lines, s.legacy);
  if (items.length === 0) return;
  // Each call is a step of its own: the agent ran it, read its result, then wrote on (a Cursor
  // reply holds dozens of calls one after another, `bun test` re-run between edits). One turn
  // per call, with the words written before it; words after the last call are a turn of text.
  let text: string[] = [];
  let thinking: string[] = [];
  let made: TurnDraft | undefined;
  const flush = (calls: CallDraft[]) => {
    const turn: TurnDraft = { text: text.join('\n\n'), calls };
    if (!made) turn.before = s.pending;
    if (h.timestamp) turn.timestamp = h.timestamp;
    if (h.sidechain) {
      turn.agent = 'sidechain';
      for (const c of calls) c.agent = 'sidechain';
    }
    const extra: Record<string, string> = {};
    if (h.model) extra.model = h.model;
    if (h.mode) extra.mode = h.mode;
    if (thinking.length) extra.thinking = thinking.join('\n\n');
    if (Object.keys(extra).length) turn.extra = extra;
    s.turns.push(turn);
    made = turn;
    text = [];
    thinking = [];
  };
  for (const i of items) {
    if (i.kind === 'text') text.push(i.text);
    else if (i.kind === 'think') thinking.push(i.text);
    else flush([i.call]);
  }
  if (text.length > 0 || !made) flush([]);
  else if (thinking.length > 0) {
    const extra = (made.extra ??= {});
    extra.thinking = [typeof extra.thinking === 'string' ? extra.thinking : '', ...thinking]
      .filter(Boolean)
      .join('\n\n');
  }
  s.pending = [];
}

export async function parseSpecStory(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const name = src.name;
  const warnings: ImportWarning[] = [];
  const s: State = { file: {}, legacy: true, turns: [], pending: [] };
  let cur: Message | undefined;
  let no = 0;
  for await (const line of eachLine(src.lines())) {
    no++;
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    const h = roleHeader(line);
    if (h?.continuation && cur) continue;
    if (h) {
      if (cur) finishMessage(s, cur);
      else s.legacy = !/Markdown v[2-9]/.test(s.file.generatedBy ?? '');
      cur = { header: h.continuation ? { ...h, continuation: false } : h, line: no, lines: [] };
      continue;
    }
    if (cur) cur.lines.push(line);
    else if (!readFileHeaderLine(line, s.file) && line.trim() !== '' && line.trim() !== '---')
      s.pending.push({ role: 'system', text: line.trim() });
  }
  if (cur) finishMessage(s, cur);
  if (s.turns.length === 0)
    throw new ImportError(
      name,
      cur
        ? 'no assistant message with any content in this SpecStory file'
        : 'no "_**User**_" or "_**Assistant**_" message header',
    );
  const base = name.split(/[\\/]/).pop() ?? name;
  const heading = s.file.title?.replace(/\s*\(\d{4}-\d{2}-\d{2}[^)]*\)$/, '');
  // Newer exports title every file with its start time only: the first request says more.
  const title =
    (heading && !/^\d{4}-\d{2}-\d{2}/.test(heading) ? heading : undefined) ?? titleFrom(s.firstUser) ?? base;
  const extra: Record<string, string> = {};
  if (s.file.provider) extra.provider = s.file.provider;
  if (s.file.sessionId) extra.sessionId = s.file.sessionId;
  if (s.file.generatedBy) extra.generatedBy = s.file.generatedBy;
  const t = normalizeTranscript({
    title,
    format: SPECSTORY_FORMAT,
    source: name,
    turns: s.turns,
    after: s.pending.length ? s.pending : undefined,
    extra: Object.keys(extra).length ? extra : undefined,
  });
  return { format: SPECSTORY_FORMAT, transcripts: [t], warnings };
}

/** `.specstory/history/*.md`, as SpecStory names its files. */
export function isSpecStoryPath(name: string): boolean {
  return /(^|[\\/])\.specstory[\\/]history[\\/][^\\/]+\.md$/i.test(name);
}

export function sniffSpecStory(head: string): string | null {
  let user = false;
  let assistant = false;
  let seen = 0;
  for (const line of head.split('\n')) {
    if (line.trim() === '') continue;
    if (++seen <= 5 && /^<!-- Generated by SpecStory\b/.test(line.trim())) return null;
    const h = roleHeader(line);
    if (h?.role === 'user') user = true;
    else if (h && !h.continuation) assistant = true;
    if (user && assistant) return null;
  }
  return 'no "<!-- Generated by SpecStory -->" line and no "_**User**_" / "_**Assistant**_" message headers';
}

export const specStoryImporter: Importer = {
  id: SPECSTORY_FORMAT,
  label: 'SpecStory Markdown',
  matchesName: isSpecStoryPath,
  sniff: (head) => sniffSpecStory(head),
  parse: parseSpecStory,
};
