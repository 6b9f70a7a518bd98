/**
 * What Cline, Roo Code and Kilo Code send back to the model after a tool ran: a user message
 * whose text starts `[execute_command for 'npm test'] Result:` (or `[attempt_completion] Result:`),
 * followed by the tool's answer in the same text block or in the blocks after it. Templates from
 * cline/cline `src/core/prompts/responses.ts` (formatResponse) and `src/core/task/index.ts`
 * (toolDescription, pushToolResult); Roo Code keeps the same strings.
 */
import { inferError } from '../model/error-rules';
import { isObj, str } from './transcript-builder';

export type UserPart =
  /** `[name for '…'] Result:` and what follows it. */
  | { kind: 'result'; name: string; content: string }
  /** An Anthropic `tool_result` block (native tool calling in Roo Code). */
  | { kind: 'tool_result'; id: string | undefined; content: string; isError: boolean }
  /** A call the harness did not run: a second tool in one message, or one after a denial. */
  | { kind: 'not_run'; name: string; text: string }
  /** `[ERROR] You did not use a tool in your previous response!` */
  | { kind: 'no_tool'; text: string }
  | { kind: 'text'; text: string };

/** How far into a text the end of a `[…] Result:` header is looked for (a command may be long). */
const HEADER_WINDOW = 4096;

/** The tool name and where its answer starts, when the text opens with a result header. */
export function resultHeader(text: string): { name: string; rest: number } | undefined {
  const m = /^\[([a-z][a-z0-9_-]{0,63})(\]| for )/.exec(text);
  if (!m) return undefined;
  const end = text.slice(0, HEADER_WINDOW).indexOf('] Result:');
  if (end === -1) return undefined;
  let rest = end + '] Result:'.length;
  if (text.startsWith('\n', rest)) rest++;
  return { name: m[1], rest };
}

const NOT_RUN = [
  /^Tool \[([a-z][a-z0-9_-]{0,63})\] was not executed because/,
  /^Skipping tool \[([a-z][a-z0-9_-]{0,63})(?:\]| for )/,
];

export interface ResultFlag {
  isError: boolean;
  /** The inference rule that fired on a command's wrapped output (error-rules.ts). */
  inferred?: string;
}

/** Cline's wrapper around a command's output: the rules look at the output itself. */
const COMMAND_WRAPPER = /^Command (?:executed|is still running in the user's terminal)\.[^\n]*\nOutput:\n/;

/**
 * The harness's error flag, read from its own wording: a failed tool, a denied one, an `[ERROR]`
 * answer, Roo Code's failed-command status line; for Cline's `Command executed.\nOutput:` wrapper
 * (which has no exit code) the inference rules run on the output inside it. Undefined otherwise:
 * the normaliser then infers it from the whole text (exit codes, tracebacks).
 */
export function clineResultFlag(content: string): ResultFlag | undefined {
  const head = content.trimStart().slice(0, 400);
  if (
    head.startsWith('The tool execution failed') ||
    head.startsWith('The user denied this operation') ||
    head.startsWith('[ERROR]') ||
    head.includes('Command execution was not successful')
  )
    return { isError: true };
  const wrapper = COMMAND_WRAPPER.exec(head);
  if (!wrapper) return undefined;
  const rule = inferError(content.slice(wrapper[0].length));
  return rule === undefined ? { isError: false } : { isError: true, inferred: rule };
}

/** The harness's to-do reminders (`# TODO LIST UPDATE REQUIRED`, `# task_progress RECOMMENDED`, …). */
const REMINDER = /^# (?:TODO LIST|Todo List|task_progress)\b/;

function classify(text: string): UserPart | 'environment' | undefined {
  const t = text.trimStart();
  if (t.startsWith('<environment_details>')) return 'environment';
  if (REMINDER.test(t)) return { kind: 'text', text };
  if (t.startsWith('[ERROR] You did not use a tool')) return { kind: 'no_tool', text: t };
  for (const re of NOT_RUN) {
    const m = re.exec(t);
    if (m) return { kind: 'not_run', name: m[1], text: t };
  }
  const h = resultHeader(t);
  if (h) return { kind: 'result', name: h.name, content: t.slice(h.rest) };
  return undefined;
}

function blockText(b: unknown): string | undefined {
  if (!isObj(b)) return undefined;
  if (b.type === 'text') return typeof b.text === 'string' ? b.text : '';
  if (b.type === 'image') return '[image]';
  if (b.type === 'document') return '[document]';
  return undefined;
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map(blockText)
    .filter((t): t is string => t !== undefined)
    .join('\n');
}

/**
 * The parts of a user message in the task's history. A header alone in its block takes the
 * blocks after it (older Cline writes the answer as a block of its own); a header with its
 * answer in the same block stands alone, and text after it (a to-do reminder) is the user's.
 * `<environment_details>` blocks (the harness's editor state, repeated every message) are left out.
 */
export function splitUserMessage(content: unknown): UserPart[] {
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  if (!Array.isArray(blocks)) return [];
  const parts: UserPart[] = [];
  let open: { kind: 'result'; name: string; content: string } | undefined;
  for (const b of blocks) {
    if (isObj(b) && b.type === 'tool_result') {
      open = undefined;
      const text = toolResultText(b.content);
      parts.push({
        kind: 'tool_result',
        id: str(b.tool_use_id),
        content: text,
        isError: b.is_error === true || clineResultFlag(text)?.isError === true,
      });
      continue;
    }
    const text = blockText(b);
    if (text === undefined) continue;
    const c = classify(text);
    if (c === 'environment') {
      open = undefined;
      continue;
    }
    if (c) {
      open = c.kind === 'result' && c.content.trim() === '' ? c : undefined;
      parts.push(c);
      continue;
    }
    if (open) open.content = open.content === '' ? text : `${open.content}\n${text}`;
    else parts.push({ kind: 'text', text });
  }
  return parts;
}

/** Where a new part may start in a flat request text: a line opening a header, a notice or the editor state. */
const BOUNDARY = /\n(?=\[[a-zE]|Tool \[|Skipping tool \[|<environment_details>|[ \t]*# (?:TODO|Todo|task_progress))/g;
const HEADER_START = /^\[[a-z][a-z0-9_-]{0,63}(?:\]| for )/;

/**
 * The parts of the request text `ui_messages.json` keeps for each API request (its user blocks
 * joined by blank lines): split at lines that open a result header, a notice or the editor state.
 * The header ends are found in one pass, so a text of many `[` lines stays linear.
 */
export function splitRequestText(text: string): UserPart[] {
  const ends: number[] = [];
  for (let i = text.indexOf('] Result:'); i !== -1; i = text.indexOf('] Result:', i + 1)) ends.push(i);
  let e = 0;
  const pieces: string[] = [];
  let from = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    const at = m.index + 1;
    if (HEADER_START.test(text.slice(at, at + 80))) {
      while (e < ends.length && ends[e] < at) e++;
      if (e === ends.length || ends[e] - at > HEADER_WINDOW) continue;
    } else if (classify(text.slice(at, at + 200)) === undefined) continue;
    pieces.push(text.slice(from, at));
    from = at;
  }
  pieces.push(text.slice(from));
  const parts = splitUserMessage(pieces.filter((p) => p.trim() !== '').map((p) => ({ type: 'text', text: p.trim() })));
  // Blocks were joined by a blank line: the one after a header is layout.
  for (const p of parts) if (p.kind === 'result') p.content = p.content.replace(/^\n+/, '');
  return parts;
}
