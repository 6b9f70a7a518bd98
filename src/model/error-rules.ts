/**
 * Error inference for results whose format carries no error flag (docs/formats.md, "Inferred
 * errors"). Pure and cheap: a 1M-call import runs every unflagged result through `inferError`.
 *
 * Every rule looks only at the edges of a result (its first and last non-blank lines, within the
 * first and last 1,000 characters) and is anchored to the start of a line: a long successful
 * output that merely contains "error", or a grep hit quoting "No such file or directory", is not
 * an error. An exit-code status line is authoritative: exit code 0 means "not an error" whatever
 * else the output says (a `grep` that prints "No such file" and exits 0 succeeded).
 */

export interface ErrorRule {
  /** Stored in `ToolResult.inferred`; stable, shown in the turn table's tooltip. */
  id: string;
  /** One line for the docs and the UI. */
  description: string;
  /** A real result this rule marks as an error (where it comes from is in the tests). */
  example: string;
}

/** The rule for calls the harness refused (`rejected: true`): they never ran, so they failed. */
export const REJECTED_RULE: ErrorRule = {
  id: 'rejected',
  description: 'The harness refused the call (rejected: true): it never ran.',
  example: "Missing required parameters for function 'str_replace_editor': {'security_risk'}",
};

/** How much of each end of a result the rules read. */
export const EDGE = 1000;
/** Non-blank lines read at the end (3 at the start: the rules there look at the first line). */
const EDGE_LINES = 5;

interface Edges {
  first: string[];
  last: string[];
}

export const BLANK = /^\s*$/;

/** Up to `max` non-blank lines from the start of text, within the first EDGE characters. */
function firstLines(text: string, max: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length && out.length < max) {
    let nl = text.indexOf('\n', i);
    if (nl === -1) nl = text.length;
    // A line cut by the window is not a whole line: stop there.
    if (nl > EDGE && text.length > 2 * EDGE) break;
    const l = text.slice(i, nl);
    if (!BLANK.test(l)) out.push(l.trimEnd());
    i = nl + 1;
  }
  return out;
}

/** Up to `max` non-blank lines from the end of text, within the last EDGE characters. */
function lastLines(text: string, max: number): string[] {
  const out: string[] = [];
  const n = text.length;
  let end = n;
  while (end > 0 && out.length < max) {
    const nl = text.lastIndexOf('\n', end - 1);
    if (nl + 1 < n - EDGE && n > 2 * EDGE) break;
    const l = text.slice(nl + 1, end);
    if (!BLANK.test(l)) out.push(l.trimEnd());
    end = nl;
  }
  return out.reverse();
}

export function edgesOf(text: string): Edges {
  return { first: firstLines(text, 3), last: lastLines(text, EDGE_LINES) };
}

// OpenHands `[The command completed with exit code 1.]` / `[Command finished with exit code 1]`,
// Codex `Exit code: 1`, mini-swe-agent `<returncode>1</returncode>`, `Process exited with code 1`.
export const EXIT_LINE =
  /^\s*(?:\[(?:The command completed|Command finished) with exit code|Exit code:|<returncode>|(?:Process |Command )?exited with (?:code|status))\s*(-?\d+)/i;

export function exitCodeAtEdges(e: Edges): number | null {
  for (const l of e.last) {
    const m = EXIT_LINE.exec(l);
    if (m) return Number(m[1]);
  }
  for (const l of e.first) {
    const m = EXIT_LINE.exec(l);
    if (m) return Number(m[1]);
  }
  return null;
}

// `bash: foo: command not found`, `/bin/bash: line 3: foo: command not found`,
// `/bin/sh: 1: foo: not found` (dash), `zsh: command not found: foo`.
export const NOT_FOUND =
  /^(?:[^\s:][^:\n]*: (?:line \d+: |\d+: )?[^\s:]+: (?:command )?not found|zsh: command not found: \S+)$/;
// `/bin/bash: line 11301: cd: fastjson/: No such file or directory`, `cat: x: No such file or
// directory`, `python: can't open file '/x.py': [Errno 2] No such file or directory`,
// `strings: 'x.img': No such file`: a `prog: ...: No such file` line, never `path:12: ...`.
export const NO_SUCH_FILE = /^[^\s:][^\n:]*: [^\n]*\bNo such file(?: or directory)?\)?$/;
// The exception line that ends a Python traceback: `ModuleNotFoundError: No module named 'x'`,
// `KeyboardInterrupt`, `marshmallow.exceptions.ValidationError: ...`.
export const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure)\b(?::|$)/;

// The first-line and edge-line rules' patterns, named so the Python module is written from them.
export const ERROR_PREFIX = /^(?:ERROR|Error|error):/;
export const EDIT_LINT_FAILED = /^\[?Your proposed edit has introduced new syntax error/;
export const TIMED_OUT = /^\s*EXECUTION TIMED OUT\b/;

interface Rule extends ErrorRule {
  match(e: Edges, text: string): boolean;
}

const some = (lines: string[], f: (l: string) => boolean) => lines.some(f);

const RULES: Rule[] = [
  {
    id: 'error-prefix',
    description: 'The first line starts with "ERROR:" or "Error:" (OpenHands editor, tool wrappers).',
    example: 'ERROR:\nInvalid `path` parameter: /workspace/x.py. The path /workspace/x.py does not exist.',
    match: (e) => ERROR_PREFIX.test(e.first[0] ?? ''),
  },
  {
    id: 'command-not-found',
    description: 'A shell "command not found" line at the start or end of the output.',
    example: 'bash: ponyc: command not found',
    match: (e) => some(e.first, (l) => NOT_FOUND.test(l)) || some(e.last, (l) => NOT_FOUND.test(l)),
  },
  {
    id: 'no-such-file',
    description: 'A "prog: …: No such file or directory" line at the start or end of the output.',
    example: '/bin/bash: line 11301: cd: fastjson/: No such file or directory',
    match: (e) => some(e.first, (l) => NO_SUCH_FILE.test(l)) || some(e.last, (l) => NO_SUCH_FILE.test(l)),
  },
  {
    id: 'traceback',
    description: 'A Python traceback whose exception line is among the last lines of the output.',
    example:
      'Traceback (most recent call last):\n  File "/workspace/app.py", line 2, in <module>\n    from flask import Flask\nModuleNotFoundError: No module named \'flask\'',
    // The header may sit in the middle of a long output (beyond the edges); its exception line
    // must end the output. The whole text is searched only once an exception line was seen.
    match: (e, text) =>
      some(e.last, (l) => EXCEPTION_LINE.test(l)) && text.includes('Traceback (most recent call last):'),
  },
  {
    id: 'edit-lint-failed',
    description:
      "SWE-agent (or OpenHands' `edit_file_by_replace`, in brackets) refused an edit that introduced syntax errors (the file was not changed).",
    example:
      'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.',
    match: (e) => EDIT_LINT_FAILED.test(e.first[0] ?? ''),
  },
  {
    id: 'timeout',
    description: 'The harness killed a command that ran too long (SWE-agent "EXECUTION TIMED OUT").',
    example: 'EXECUTION TIMED OUT BECAUSE THE COMMAND WAS RUNNING FOR MORE THAN 25 SECONDS.',
    match: (e) => some(e.first, (l) => TIMED_OUT.test(l)),
  },
];

const EXIT_RULE: ErrorRule = {
  id: 'exit-code',
  description:
    'A status line reports a non-zero exit code (OpenHands "[The command completed with exit code 1.]", Codex "Exit code: 1", "<returncode>1</returncode>"); exit code 0 means no error, whatever else the output says.',
  example: 'bash: ponyc: command not found\n[The command completed with exit code 127.]',
};

/** Every inference rule, in the order they are tried (exit code first), with `rejected` last. */
export const ERROR_RULES: readonly ErrorRule[] = [
  EXIT_RULE,
  ...RULES.map(({ id, description, example }) => ({ id, description, example })),
  REJECTED_RULE,
];

// A word some rule needs on an edge line (exception names included): one test per edge line
// rules out most results before any rule runs.
export const ANY_NEEDLE =
  /rror|RROR|not found|No such file|TIMED OUT|proposed edit|xit|returncode|xception|Interrupt|Warning|Failure/;

/** The id of the first rule that marks this result text as an error, or undefined. */
export function inferError(text: string): string | undefined {
  if (text.length === 0) return undefined;
  // Edge lines are pieces of the text and no needle spans a line break: a short text without a
  // needle has none on its edges either, and is not cut into lines (most results).
  if (text.length <= 2 * EDGE && !ANY_NEEDLE.test(text)) return undefined;
  const e = edgesOf(text);
  if (!e.first.some((l) => ANY_NEEDLE.test(l)) && !e.last.some((l) => ANY_NEEDLE.test(l))) return undefined;
  const code = exitCodeAtEdges(e);
  if (code !== null) return code !== 0 ? EXIT_RULE.id : undefined;
  for (const r of RULES) if (r.match(e, text)) return r.id;
  return undefined;
}
