/**
 * Shell calls as the doom-loop design's specialised detectors see them: which tools run shell commands,
 * the command text, whether a run failed, and which commands are file operations.
 */
import type { Json, ToolResult } from '../model/transcript';

// Shell tools of the agents whose logs Loopscope imports (bash, Codex, Gemini CLI, Cursor, Cline...).
export const SHELL_TOOLS: ReadonlySet<string> = new Set([
  'bash',
  'sh',
  'zsh',
  'shell',
  'execute_bash',
  'execute_command',
  'run',
  'run_command',
  'run_shell_command',
  'run_terminal_cmd',
  'exec',
  'exec_command',
  'local_shell',
  'terminal',
]);

/** Answers by name: a run has a handful of tool names, and toLowerCase per call allocated. */
const shellByName = new Map<string, boolean>();

export function isShellTool(name: string): boolean {
  let r = shellByName.get(name);
  if (r === undefined) {
    r = SHELL_TOOLS.has(name.toLowerCase());
    // Bounded: tool names are few, but a converter could make every name unique.
    if (shellByName.size >= 1024) shellByName.clear();
    shellByName.set(name, r);
  }
  return r;
}

/** `["bash", "-lc", "npm test"]` (Codex) is the script `npm test`; other arrays are joined. */
function fromArgv(argv: Json[]): string | null {
  if (!argv.every((a) => typeof a === 'string')) return null;
  const a = argv as string[];
  if (a.length === 3 && /^(?:\/bin\/|\/usr\/bin\/)?(?:ba|z)?sh$/.test(a[0]) && /^-l?c$/.test(a[1])) return a[2];
  return a.join(' ');
}

/** The command a shell tool ran, or null when the call is not a shell command. */
export function shellCommand(name: string, args: Json): string | null {
  if (!isShellTool(name)) return null;
  if (typeof args === 'string') return args;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
  const c = args.command ?? args.cmd;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return fromArgv(c);
  return null;
}

// "Exit code: 1", "exit code 127", "exited with code 2", "exit status 1", "returncode=1".
export const EXIT_CODE = /\b(?:exit(?:ed)?(?: with)? (?:code|status)|return ?code|exit_code)\s*[:=]?\s*(-?\d+)/i;

/** The exit code a result reports in its text, or null when it shows none. */
export function exitCode(content: string): number | null {
  // `search`, not `exec`: no match array per shell result (most report an exit code).
  const at = content.search(EXIT_CODE);
  if (at < 0) return null;
  // The words before the code hold no digit and no '-', nor does the `\s*[:=]?\s*` after them:
  // the first '-' or digit from the match starts the captured code.
  let i = at;
  for (let c = content.charCodeAt(i); c !== 45 && (c < 48 || c > 57); c = content.charCodeAt(++i));
  const neg = content.charCodeAt(i) === 45;
  let j = neg ? i + 1 : i;
  let code = 0;
  for (let c = content.charCodeAt(j); c >= 48 && c <= 57; c = content.charCodeAt(++j)) code = code * 10 + (c - 48);
  // Up to 15 digits the sum is exact (and -0 stays -0, as Number('-0')); longer ones are parsed.
  if (j - i > 15) return Number(content.slice(i, j));
  return neg ? -code : code;
}

// Shell errors that formats without an isError flag still show in the output.
export const SHELL_ERROR =
  /command not found|No such file or directory|Permission denied|syntax error near|unexpected EOF/;

/** A shell command failed: the result is an error, reports a non-zero exit code, or a shell error. */
export function shellFailed(result: ToolResult): boolean {
  if (result.isError) return true;
  const code = exitCode(result.content);
  if (code !== null) return code !== 0;
  return SHELL_ERROR.test(result.content);
}

// pytest "FAILED", cargo "test result: FAILED", go "--- FAIL" / "FAIL\tpkg", jest "FAIL src/..",
// maven "BUILD FAILURE", counts like "2 failed" / "3 failing" / "1 error".
export const TEST_FAILURE = /\bFAILED\b|^\s*(?:--- )?FAIL\b|BUILD FAILURE|\b[1-9]\d* (?:failed|failing|errors?)\b/m;

/** A test run failed: the shell failure rules, or a failure marker of a common test runner. */
export function testFailed(result: ToolResult): boolean {
  return shellFailed(result) || TEST_FAILURE.test(result.content);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One regex for a list of test command patterns, each matched as whole words anywhere in the
 * command (`npm test -- --watch`, `python -m pytest -x`, `cd app && go test ./...`).
 */
export function testCommandRegex(patterns: readonly string[]): RegExp | null {
  const parts = patterns.map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return null;
  // Not inside a longer word or a path (`jest.config.js`, `src/pytest`, `toxic`).
  return new RegExp(`(?:^|[^\\w./-])(?:${parts.map(escapeRegExp).join('|')})(?![\\w./-])`);
}

// Reading, writing or editing files through the shell: the jobs read_file / write_file / edit_file do.
export const FILE_OP = /^\s*(?:sudo\s+)?(?:cat|head|tail|less|more|echo|printf|sed|awk|tee|touch|truncate)\b/;

export const HEREDOC = /<<-?\s*['"]?\w+/;

/** A command doing file operations through the shell (cat, echo, sed, heredocs...). */
export function isFileOperation(command: string): boolean {
  return FILE_OP.test(command) || HEREDOC.test(command);
}
