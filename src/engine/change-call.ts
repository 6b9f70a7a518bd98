/**
 * Calls that change the workspace (file edits, writes, patches) and what they change. The
 * progress-aware detector needs both: an edit repeated word for word makes no progress even when
 * its result differs (re-inserting the same line shows a file one line longer each time), a
 * successful new edit is progress that ends a chain of re-reads, and failed edits of the same
 * target count as the same attempt whatever their bodies (docs/detectors.md "no-progress").
 */
import type { Json } from '../model/transcript';
import { shellCommand } from './shell';

// Tools whose every call changes a file: SWE-agent, Claude Code, Gemini CLI, Codex, Cline,
// Roo Code, Cursor, aider-style and OpenHands' older function names, moatless.
const CHANGE_TOOLS = new Set([
  'edit',
  'write',
  'create',
  'insert',
  'append',
  'str_replace',
  'replace',
  'multiedit',
  'notebookedit',
  'write_file',
  'create_file',
  'edit_file',
  'apply_patch',
  'applypatch',
  'editcode',
  'edit_file_by_replace',
  'insert_content_at_line',
  'append_file',
  'write_to_file',
  'replace_in_file',
  'apply_diff',
  'insert_content',
  'search_and_replace',
  'search_replace',
  'replace_string_in_file',
]);

// Editor tools with a `command` argument: OpenHands `str_replace_editor`, Anthropic's text editor.
const EDITOR_TOOLS = new Set(['str_replace_editor', 'str_replace_based_edit_tool', 'text_editor', 'file_editor']);
const EDITOR_CHANGES = new Set(['create', 'str_replace', 'insert', 'undo_edit', 'write', 'append']);

/** Arguments that hold what is written (not where): left out of a change's target. */
const CONTENT_KEYS = new Set([
  'body',
  'content',
  'contents',
  'file_text',
  'new_str',
  'new_string',
  'new_content',
  'old_content',
  'text',
  'code',
  'patch',
  'input',
  'diff',
  'edits',
  'replace',
  'insert_text',
]);

/**
 * Arguments that say where an edit goes however long they are: the text a `str_replace` replaces
 * is its region, as SWE-agent's `287:295` is (a different old_str is another attempt, elsewhere).
 */
const REGION_KEYS = new Set(['old_str', 'old_string', 'search']);

/** A target argument longer than this is content, whatever its key. */
const TARGET_MAX = 200;

function isObject(a: Json): a is { [key: string]: Json } {
  return a !== null && typeof a === 'object' && !Array.isArray(a);
}

/** The call changes a file (an edit, a write, a patch); a `view` of an editor tool does not. */
// OpenHands' IPython tool running its file-editing skills (CodeAct before function calling).
const IPYTHON_TOOLS = new Set(['run_ipython', 'execute_ipython_cell', 'ipython']);
const IPYTHON_EDIT = /^\s*(?:edit_file_by_replace|insert_content_at_line|append_file|create_file|edit_file)\(/;

function ipythonCode(name: string, args: Json): string | null {
  if (!IPYTHON_TOOLS.has(name.toLowerCase()) || !isObject(args)) return null;
  const c = args.code;
  return typeof c === 'string' && IPYTHON_EDIT.test(c) ? c : null;
}

/** Lower-cased tool names, kept: toLowerCase per call allocated a string (a run has few names). */
const lowerByName = new Map<string, string>();

function lowerName(name: string): string {
  let n = lowerByName.get(name);
  if (n === undefined) {
    n = name.toLowerCase();
    if (lowerByName.size >= 1024) lowerByName.clear();
    lowerByName.set(name, n);
  }
  return n;
}

export function isChangeCall(name: string, args: Json): boolean {
  const n = lowerName(name);
  if (CHANGE_TOOLS.has(n)) return true;
  if (ipythonCode(name, args) !== null) return true;
  if (!EDITOR_TOOLS.has(n) || !isObject(args)) return false;
  const c = args.command;
  return typeof c === 'string' && EDITOR_CHANGES.has(c);
}

/** SWE-agent's `edit 2:2 decrypt.py` edits lines 2-2 of the open file, as `edit 2:2` does. */
const LINE_RANGE = /^\s*(\d+:\d+)(?:\s|$)/;
/** OpenHands' StuckDetector compares IPython edits by their first 3 lines (the skill, file, anchor). */
const IPYTHON_TARGET_LINES = 3;

/**
 * What a change call changes: the tool and its short, non-content arguments (the path, the
 * editor command, SWE-agent's line range `287:295`) and the text it replaces, as one string; for
 * an IPython edit skill, the first 3 lines of its code. Two attempts at the same edit with
 * different bodies share it. Callers pass normalised arguments.
 */
export function changeTarget(name: string, args: Json): string {
  if (typeof args === 'string') return `${name}\u0000${args.length <= TARGET_MAX ? args : ''}`;
  if (!isObject(args)) return name;
  const code = ipythonCode(name, args);
  if (code !== null) return `${name}\u0000${code.split('\n', IPYTHON_TARGET_LINES).join('\n')}`;
  const parts = [name];
  for (const k of Object.keys(args).sort()) {
    if (CONTENT_KEYS.has(k)) continue;
    const v = args[k];
    const s = typeof v === 'string' ? (LINE_RANGE.exec(v)?.[1] ?? v) : JSON.stringify(v);
    if (s.length <= TARGET_MAX || REGION_KEYS.has(k)) parts.push(`${k}=${s}`);
  }
  return parts.join('\u0000');
}

/**
 * A shell command that writes files or installs something: `sed -i`, a redirection into a file
 * (`cat > x.py << EOF`, `echo … >> x`; not `> /dev/null` or `2>&1`), `tee`, `patch`, `git apply`
 * / `checkout` / `restore` / `reset` / `stash`, `mv`, `cp`, `rm`, `mkdir`, `touch`, a package
 * install. Only a hint that the world changed (the recurrence count starts again after one that
 * succeeds): such a call keeps the identity of a command, compared with its output.
 */
const SHELL_CHANGE =
  /\bsed\s+(?:-[a-zA-Z]*\s+)*-i|\bperl\s+-[a-zA-Z]*i|(?:^|[^0-9&>])>>?\s*(?!\/dev\/null\b|&)[^\s|&;>]|\btee\b|\bpatch\b|\bgit\s+(?:apply|am|checkout|restore|reset|stash|commit)\b|(?:^|[;&|]\s*|\s)(?:mv|cp|rm|mkdir|touch)\s|\b(?:pip3?|npm|yarn|pnpm|apt-get|apt|conda|poetry|cargo|go)\s+(?:install|add|get)\b/;

export function isShellChange(name: string, args: Json): boolean {
  const c = shellCommand(name, args);
  return c !== null && SHELL_CHANGE.test(c);
}
