/**
 * What one tool block of a SpecStory export says: the tool's name, its arguments, its output and
 * whether the text shows it failed. The block layouts (specstory-blocks.ts finds them):
 *
 * - `<tool-use data-tool-type="T" data-tool-name="N">` (Markdown v2: Cursor, Claude Code, Copilot):
 *   `<details><summary>Tool use: **N** • <what></summary>`, then the body: a description line,
 *   the command as inline code or a shell fence, `**Input:**` with `- key: `value`` lines,
 *   `Parameters:` with a JSON fence (Copilot), a `diff` fence (an edit), and the output fenced,
 *   optionally after `**Result:**` / `**Output**:`.
 * - Older Cursor exports: a block of its own per call, separated by `---` (see specstory-blocks.ts).
 *
 * Errors are flagged only where the text says so; otherwise `isError` stays undefined and the
 * normaliser's rules decide (docs/formats.md, "Inferred errors").
 */
import type { CallDraft } from '../model/normalize';
import { tryParseJson } from './json-parse';
import { isObj } from './transcript-builder';
import { closesFence, fenceOpen } from './specstory-lines';

/** Tool names (any flavour) whose argument is a shell command. */
const SHELL_NAMES = new Set([
  'bash',
  'run_terminal_cmd',
  'run_terminal_command',
  'run_terminal_command_v2',
  'run_in_terminal',
  'exec_command',
  'shell',
  'shell_command',
]);
const SHELL_FENCES = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'powershell', 'ps1', 'cmd', 'fish']);
const MAX_SUMMARY = 2000;

export const isShellFence = (info: string) => SHELL_FENCES.has(info.toLowerCase());
export const isShellTool = (name: string, type?: string) => type === 'shell' || SHELL_NAMES.has(name.toLowerCase());

/** Cursor's words for its tools ("terminal", "read file") as its tool names. */
export function toolNameOf(words: string): string {
  const w = words.trim().toLowerCase();
  if (w === 'terminal') return 'run_terminal_cmd';
  if (w === 'list directory') return 'list_dir';
  return w.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'tool';
}

/** A shell output that reports failing tests (`bun test`, `vitest`: " 3 fail", "Tests: 2 failed"). */
export function showsTestFailures(output: string): boolean {
  return /^\s*[1-9]\d* fail(ed)?\s*$/m.test(output) || /^\s*Tests?:? .*\b[1-9]\d* failed\b/m.test(output);
}

/** The flag a result's text gives: true for a failure shown in words, else undefined (inferred later). */
export function errorShown(content: string, shell: boolean): true | undefined {
  if (content.includes('<tool_use_error>')) return true;
  if (/^The user doesn't want to proceed with this tool use|^The tool use was rejected/.test(content)) return true;
  if (/^(Cancelled|Canceled)\s*$/.test(content)) return true;
  if (shell && showsTestFailures(content)) return true;
  return undefined;
}

/** Arguments read from a summary line ("Searched codebase "x" • **25** results", "Read file: a.ts"). */
export function summaryCall(summary: string): { name: string; args: Record<string, string> } | undefined {
  const s = summary.slice(0, MAX_SUMMARY).split(' • ')[0].trim();
  let m: RegExpExecArray | null;
  if ((m = /^Searched codebase "(.*)"$/.exec(s))) return { name: 'codebase_search', args: { query: m[1] } };
  if ((m = /^Grep search for "(.*)"$/.exec(s))) return { name: 'grep_search', args: { query: m[1] } };
  if ((m = /^Grep for "(.*)" in "(.*)"$/.exec(s))) return { name: 'grep', args: { query: m[1], path: m[2] } };
  if ((m = /^Grep for "(.*)"$/.exec(s))) return { name: 'grep', args: { query: m[1] } };
  if ((m = /^Searched web "(.*)"$/.exec(s))) return { name: 'web_search', args: { query: m[1] } };
  if ((m = /^Searched files? "(.*)"$/.exec(s))) return { name: 'file_search', args: { query: m[1] } };
  if (s === 'Listed current directory') return { name: 'list_dir', args: { path: '.' } };
  if ((m = /^Listed directory (.+)$/.exec(s))) return { name: 'list_dir', args: { path: m[1] } };
  if ((m = /^Read file: (.+)$/.exec(s))) return { name: 'read_file', args: { path: m[1] } };
  if ((m = /^Edit file: (.+)$/.exec(s))) return { name: 'edit_file', args: { path: m[1] } };
  return undefined;
}

/** A tool block's body cut into fences and plain lines (the lines of unclosed fences included). */
type Piece = { kind: 'fence'; info: string; text: string } | { kind: 'line'; text: string };

function pieces(lines: string[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fenceOpen(lines[i]);
    if (!open) {
      out.push({ kind: 'line', text: lines[i] });
      continue;
    }
    let j = i + 1;
    while (j < lines.length && !closesFence(lines[j], open)) j++;
    out.push({ kind: 'fence', info: open.info.toLowerCase(), text: lines.slice(i + 1, j).join('\n') });
    i = j;
  }
  return out;
}

const LABEL =
  /^(?:\*\*(Input|Result|Output|Parameters)(?::\*\*|\*\*:?)|(Parameters|Result|Output|Additional data):)\s*$/;
const INLINE_CODE = /^\s*`([^`]+)`\s*$/;
const INPUT_ITEM = /^- ([\w.-]{1,100}): `(.*)`$/;

export interface ToolUseTag {
  type?: string;
  name: string;
  editStatus?: string;
}

/** The attributes of a `<tool-use …>` opening line. */
export function toolUseTag(line: string): ToolUseTag {
  const end = line.indexOf('>');
  const tag = line.slice(0, end < 0 ? Math.min(line.length, MAX_SUMMARY) : end);
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/\bdata-([a-z-]{1,40})="([^"]*)"/g)) attrs[m[1]] = m[2];
  return { type: attrs['tool-type'], name: attrs['tool-name'] || 'tool', editStatus: attrs['edit-status'] };
}

/** Strips the `<details>` / `<summary>` wrappers; returns the summary and the body lines. */
function unwrap(lines: string[]): { summary?: string; body: string[] } {
  const body: string[] = [];
  let summary: string | undefined;
  for (const raw of lines) {
    let l = raw;
    if (summary === undefined) {
      const a = l.indexOf('<summary>');
      const b = l.indexOf('</summary>');
      if (a >= 0 && b > a) {
        summary = l.slice(a + 9, b).trim();
        l = l.slice(b + 10);
      }
    }
    const t = l.trim();
    if (t === '' && raw.trim() !== '') continue;
    if (/^(<\/?details>\s*)+(<\/tool-use>)?$/.test(t) || t === '</tool-use>') continue;
    body.push(l);
  }
  return { summary, body };
}

/** One `<tool-use>` block (its lines after the opening line, up to and with the closing one) as a call. */
export function toolUseCall(tag: ToolUseTag, lines: string[]): CallDraft {
  const { summary, body } = unwrap(lines);
  const shell = isShellTool(tag.name, tag.type);
  const tail = summary?.replace(/^Tool use: \*\*[^*]*\*\*/, '').replace(/^\s*•\s*/, '');
  const args: Record<string, unknown> = { ...(tail ? summaryCall(tail)?.args : undefined) };
  const out: string[] = [];
  const prose: string[] = [];
  let section: string | undefined;
  let exitCode: number | undefined;
  for (const p of pieces(body)) {
    if (p.kind === 'line') {
      const label = LABEL.exec(p.text.trim());
      if (label) section = (label[1] ?? label[2]).toLowerCase();
      else if (section === 'input' && INPUT_ITEM.test(p.text)) {
        const m = INPUT_ITEM.exec(p.text)!;
        args[m[1]] = m[2];
      } else if (section === 'result' || section === 'output') out.push(p.text);
      else if (INLINE_CODE.test(p.text) && args.command === undefined && args.path === undefined)
        args[shell ? 'command' : 'path'] = INLINE_CODE.exec(p.text)![1];
      else if (p.text.trim() !== '') prose.push(p.text.trim());
      continue;
    }
    if (section === 'parameters' || (p.info === 'json' && section === undefined && out.length === 0)) {
      const params = parseParams(p.text);
      if (params) {
        Object.assign(args, params);
        exitCode = exitCodeOf(params);
        continue;
      }
    }
    if (section !== 'result' && section !== 'output') {
      if (shell && args.command === undefined && isShellFence(p.info)) {
        args.command = p.text;
        continue;
      }
      if (p.info === 'diff') {
        args.diff = args.diff === undefined ? p.text : `${String(args.diff)}\n${p.text}`;
        continue;
      }
    }
    out.push(p.text);
  }
  // The line before the command or the output says what the call is for (Claude Code's description).
  if (prose.length && (shell || out.length > 0) && args.description === undefined) args.description = prose.shift();
  const content = blankTrimmed(out.length ? out.join('\n') : prose.join('\n'));
  const call: CallDraft = { name: tag.name, args };
  if (tag.type) call.extra = { toolType: tag.type };
  const rejected = tag.editStatus === 'rejected' || tag.editStatus === 'aborted';
  if (content !== '' || rejected || exitCode !== undefined) {
    const flag = rejected || (exitCode !== undefined && exitCode !== 0) ? true : errorShown(content, shell);
    call.result = { content, isError: flag ?? (exitCode === 0 ? false : undefined) };
  }
  return call;
}

/** Without blank lines around it; the first line keeps its indentation (numbered file lines). */
export function blankTrimmed(s: string): string {
  return s.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

function parseParams(text: string): Record<string, unknown> | undefined {
  // Only a JSON object counts: anything else (or JSON nested too deep) stays the output's text.
  const v = text.trimStart().startsWith('{') ? tryParseJson(text) : undefined;
  return isObj(v) ? v : undefined;
}

/** Copilot's terminal calls carry `terminalCommandState.exitCode`. */
function exitCodeOf(params: Record<string, unknown>): number | undefined {
  const state = params.terminalCommandState;
  return isObj(state) && typeof state.exitCode === 'number' ? state.exitCode : undefined;
}
