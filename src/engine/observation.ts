/**
 * The observation normaliser: one pure function that every comparison of
 * arguments and results goes through, so that two texts differing only in a volatile token —
 * a shell line number, a timestamp, a duration, a hex address, a UUID, a PID, a temp path, an
 * ANSI escape, a run of whitespace — compare equal. docs/detectors.md "Normalised observations"
 * lists every rule, why it is there and what is deliberately left alone.
 *
 * Speed: a 1M-call replay runs every argument and (lazily) every result through this. Most texts
 * hold no volatile token, so `volatileHints` first looks, in one native regex scan, for the
 * substrings each rule needs; a text with none is returned as it is (the same string, nothing
 * allocated), and a text with some runs only the rules whose hint it holds. Results are
 * normalised lazily, once per call (call-view.ts), and only when a detector compares them.
 */

import type { Json } from '../model/transcript';

// Rule groups, as bits of volatileHints.
const H_ANSI = 1;
const H_SHELL = 2;
const H_TIME = 4;
const H_DURATION = 8;
const H_HEX = 16;
const H_UUID = 32;
const H_PID = 64;
const H_TMP = 128;
const H_SPACE = 256;
/** Only leading or trailing whitespace of the whole text: a trim, no regex. */
const H_ENDS = 512;

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';

/** CSI sequences (colours, cursor moves), OSC sequences (titles, links), two-byte escapes. */
const ANSI = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;

/**
 * A shell's own error prefix: `/bin/bash: line 11301: cd: …`, `bash: line 3: …`, dash's
 * `sh: 1: …`. A persistent shell (SWE-agent, OpenHands) numbers every line it has read, so the
 * number grows with each command: it is the shell's position, not the command's.
 */
const SHELL_LINE = /\b((?:ba|da|z|k|mk)?sh): (line )?\d+:/g;

/** ISO 8601 date-times (`2026-11-25T00:56:03.123Z`, `2026-11-25 00:56:03,123 +0100`). */
const ISO_TIME =
  /\b\d{4}-[01]\d-[0-3]\d[T ][0-2]\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?: ?(?:Z|[+-][0-2]\d:?[0-5]\d)\b)?/g;
/**
 * The same in a file name, where ':' cannot go: npm's `_logs/2025-03-01T10_10_00_123Z-debug-0.log`,
 * `run-2025-03-01T10-10-00.log`.
 */
const FILE_TIME = /\b\d{4}-[01]\d-[0-3]\dT[0-2]\d([_-])[0-5]\d\1[0-5]\d(?:[_.-]\d{1,9})?Z?/g;
/** Common Log Format: `25/Nov/2026:00:56:03 +0000`. */
const CLF_TIME = new RegExp(`\\b[0-3]\\d/${MONTH}/\\d{4}:[0-2]\\d:[0-5]\\d:[0-5]\\d(?: [+-]\\d{4})?`, 'g');
/** syslog, `date`, `ls -l`: `Nov 25 00:56:03`, `Wed Nov 25 00:56:03 UTC 2026`, `Nov 25 00:56`. */
const NAMED_TIME = new RegExp(
  `\\b(?:${DAY},? )?${MONTH} {1,2}[0-3]?\\d,? (?:\\d{4} )?[0-2]?\\d:[0-5]\\d(?::[0-5]\\d(?:[.,]\\d{1,9})?)?(?: ?[AP]M)?(?: [A-Z]{2,5}(?: \\d{4})?)?\\b`,
  'g',
);
/**
 * A time of day with seconds, `00:56:03` / `9:05:59.120` (log prefixes, elapsed `0:01:23`).
 * Not after ':' or a digit and not before ':' or a digit, so `file.ts:12:34` (line:column) and
 * longer colon chains are left alone.
 */
const CLOCK = /(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?(?![\d:])/g;

/**
 * Durations: a number with a time unit (`0.53s`, `12 ms`, `3.2 seconds`, `1.5 min`, `0m1.234s`,
 * `1h2m3s`). Not after a letter, digit or '.' (`v1.2s`, `sha256s`), not before a letter or digit.
 * Bare `m` and `h` are not units here (`5m rows`, `4h` are as often counts).
 */
const DURATION =
  /(?<![\w.])(?:\d+h(?:\d+m(?:\d+(?:\.\d+)?s)?|\d+(?:\.\d+)?s)|\d+m\d+(?:\.\d+)?s|\d+(?:\.\d+)? ?(?:ns|µs|us|ms|s|secs?|seconds?|mins?|minutes?|hrs?|hours?))(?![\w])/g;

/** Addresses and handles: `0x7f3a2b1c4d50` (6+ hex digits; short constants like `0xFF` stay). */
const HEX = /\b0x[0-9a-fA-F]{6,}\b/g;
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

/** `pid 1234`, `PID: 1234`, `pid=1234`, `process ID 1234`. */
const PID = /\b(pid|PID|Pid|process ID|process id)([ =:#]{1,3})\d+\b/g;
/** Bash job control: `[1] 12345` when a job goes to the background (the job number is kept). */
const JOB = /^(\[\d+\][+-]?) +\d+[ \t]*$/gm;

/**
 * Generated temp names after a path separator: Python's tempfile (`tmp` + 8 of [a-z0-9_]),
 * mktemp (`tmp.` + 6+ letters and digits); macOS's per-user /var/folders; pytest's basetemp.
 */
const TMP_NAME = /(?<=[/\\])tmp(?:\.[A-Za-z0-9]{6,16}|[a-z0-9_]{6,10})(?![A-Za-z0-9_])/g;
const VAR_FOLDERS = /\/var\/folders\/[\w+-]{1,4}\/[\w+-]+\/[A-Z](?=\/|\b)/g;
const PYTEST_TMP = /pytest-of-[^/\\\s]+([/\\])pytest-\d+/g;

/** Whitespace: line ends, trailing spaces on a line, runs of spaces and tabs inside a line, blank lines. */
const CRLF = /\r\n?/g;
const TRAILING = /[ \t\f\v]+(?=\n|$)/g;
const INNER_RUN = /(?<=[^\s])(?:[ \t\f\v]{2,}|\t)/g;
const BLANK_LINES = /\n{2,}/g;

/**
 * For each rule group, what its rules need in the text. Each is a superset of what the group
 * changes, so a text that matches none is returned as it is.
 */
const GROUPS: [number, RegExp][] = [
  [H_ANSI, /\x1b/],
  [H_SHELL, /sh: (?:line )?\d/],
  [H_TIME, /\d:[0-5]\d|\dT[0-2]\d[_-][0-5]\d/],
  [H_DURATION, /\d ?(?:[nuµm]?s|min|hr|hour)|\dh\d/],
  [H_HEX, /0x[0-9a-fA-F]{6}/],
  [H_UUID, /[0-9a-fA-F]-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-/],
  [H_PID, /(?:pid|PID|Pid|process ID|process id)[ =:#]{1,3}\d|(?:^|\n)\[\d+\][+-]? +\d/],
  [H_TMP, /[/\\]tmp[.a-z0-9_]|\/var\/folders\/|pytest-of-/],
  [H_SPACE, /\r|[ \t\f\v]\n|\n\n|\S(?:[ \t\f\v]{2}|[\t\f\v])/],
];
const ANY_HINT = new RegExp(GROUPS.map(([, r]) => r.source).join('|'));

function isEndSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 11 || c === 12;
}

/**
 * False when s cannot match ANY_HINT: a loop over the characters, cheaper than starting the
 * regex on the short texts most arguments are (paths, commands, patterns). Every hint needs one
 * of: a digit, ESC, CR, tab, FF, VT, a newline, two spaces in a row, a hex letter before `-` (a
 * UUID, `pytest-of-`), or `/tmp`, `\tmp`, `/var` (temp paths).
 */
export function mayHaveHint(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48) {
      if (c <= 57) return true; // a digit
      continue;
    }
    switch (c) {
      case 9: // \t
      case 10: // \n
      case 11: // \v
      case 12: // \f
      case 13: // \r
      case 27: // ESC
        return true;
      case 32:
        if (s.charCodeAt(i + 1) === 32) return true;
        break;
      case 45: {
        // '-' after a hex letter (`pytest-of-` has one: `f-`)
        const p = s.charCodeAt(i - 1) | 32;
        if (p >= 97 && p <= 102) return true;
        break;
      }
      case 47: // '/'
        if (s.startsWith('tmp', i + 1) || s.startsWith('var', i + 1)) return true;
        break;
    }
  }
  // '\' (92) is above 48: `\tmp` is looked for apart.
  return s.includes('\\tmp');
}

/** ANY_HINT alone, without mayHaveHint in front: for the test that mayHaveHint never hides a hint. */
export function anyHintByRegex(s: string): boolean {
  return ANY_HINT.test(s);
}

/**
 * Which rule groups may apply to s (0: none, and s is returned as it is): one native scan for
 * any hint, then, only for a text that has one, a scan per group.
 */
export function volatileHints(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  let h = isEndSpace(s.charCodeAt(0)) || isEndSpace(s.charCodeAt(n - 1)) ? H_ENDS : 0;
  if (!mayHaveHint(s) || !ANY_HINT.test(s)) return h;
  for (const [bit, re] of GROUPS) if (re.test(s)) h |= bit;
  return h;
}

function maskTmp(m: string): string {
  // A name of letters only is a real name unless it has Python's exact length (tmp + 8).
  if (m.charCodeAt(3) !== 46 && m.length !== 11 && !/[\d_]/.test(m.slice(3))) return m;
  return '<tmp>';
}

/**
 * The normalised form of a text (an argument string or a result). Returns s itself when it holds
 * nothing to mask. Idempotent: normalizeText(normalizeText(s)) === normalizeText(s).
 */
export function normalizeText(s: string): string {
  const h = volatileHints(s);
  return h === 0 ? s : applyRules(s, h);
}

function applyRules(s: string, h: number): string {
  if (h & H_ANSI) {
    // Removing escapes can join what they separated (`12\x1b[0m:30:00`): start again on the rest.
    const t = s.replace(ANSI, '');
    return t === s ? applyRules(s, h & ~H_ANSI) : normalizeText(t);
  }
  let t = s;
  if (h & H_SHELL) t = t.replace(SHELL_LINE, '$1: $2<n>:');
  if (h & H_TIME)
    t = t
      .replace(ISO_TIME, '<time>')
      .replace(FILE_TIME, '<time>')
      .replace(CLF_TIME, '<time>')
      .replace(NAMED_TIME, '<time>');
  if (h & H_UUID) t = t.replace(UUID, '<uuid>');
  if (h & H_TIME) t = t.replace(CLOCK, '<time>');
  if (h & H_DURATION) t = t.replace(DURATION, '<duration>');
  if (h & H_HEX) t = t.replace(HEX, '0x<hex>');
  if (h & H_PID) t = t.replace(PID, '$1$2<pid>').replace(JOB, '$1 <pid>');
  if (h & H_TMP)
    t = t
      .replace(TMP_NAME, maskTmp)
      .replace(VAR_FOLDERS, '/var/folders/<tmp>')
      .replace(PYTEST_TMP, 'pytest-of-<user>$1pytest-<n>');
  // Masks put non-space placeholders where tokens were, so they make no new whitespace work.
  if (h & H_SPACE) return tidySpace(t);
  if (h & H_ENDS) return trimEnds(t);
  return t;
}

/** Leading and trailing spaces, tabs and newlines of the whole text (ASCII only, as the rules). */
function trimEnds(t: string): string {
  let i = 0;
  let j = t.length;
  while (i < j && isEndSpace(t.charCodeAt(i))) i++;
  while (j > i && isEndSpace(t.charCodeAt(j - 1))) j--;
  return i === 0 && j === t.length ? t : t.slice(i, j);
}

function tidySpace(t: string): string {
  return trimEnds(t.replace(CRLF, '\n').replace(TRAILING, '').replace(INNER_RUN, ' ').replace(BLANK_LINES, '\n'));
}

/**
 * The arguments with every string value normalised, at any depth (keys are names, not text:
 * left alone). The same object when no string changes, so the caller can keep its fingerprint.
 */
export function normalizeArgs(args: Json): Json {
  if (typeof args === 'string') return normalizeText(args);
  if (args === null || typeof args !== 'object') return args;
  if (Array.isArray(args)) {
    let out: Json[] | null = null;
    for (let i = 0; i < args.length; i++) {
      const v = normalizeArgs(args[i]);
      if (v !== args[i]) (out ??= args.slice())[i] = v;
    }
    return out ?? args;
  }
  let out: { [key: string]: Json } | null = null;
  for (const k in args) {
    const v = normalizeArgs(args[k]);
    if (v !== args[k]) (out ??= { ...args })[k] = v;
  }
  return out ?? args;
}
