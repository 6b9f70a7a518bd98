/**
 * Which of the normaliser's rule groups (observation.ts) may change a text, found in one pass
 * over its characters. A 1M-call replay asks this of every argument string and of many results;
 * most hold no volatile token and are returned as they are. One regex alternation of every
 * group's hint cost about 8 ns a character (it tries each alternative at each position); this
 * loop looks further only at the few characters a hint can start with.
 *
 * Each group's bit is set exactly when its hint pattern (observation-hints.test.ts keeps them as
 * the reference and checks this scanner against them on random texts) occurs in the text:
 * ANSI `\x1b` · SHELL `sh: (?:line )?\d` · TIME `\d:[0-5]\d` ·
 * DURATION `\d ?(?:[nuµm]?s|min|hr|hour)|\dh\d` · HEX `0x[0-9a-fA-F]{6}` ·
 * UUID `[0-9a-fA-F]-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-` ·
 * PID `(?:pid|PID|Pid|process ID|process id)[ =:#]{1,3}\d|(?:^|\n)\[\d+\][+-]? +\d` ·
 * TMP `[/\\]tmp[.a-z0-9_]|\/var\/folders\/|pytest-of-` ·
 * SPACE `\r|[ \t\f\v]\n|\n\n|\S(?:[ \t\f\v]{2}|[\t\f\v])`.
 * Each is a superset of what its rules change, so a text with none is left as it is.
 */

export const H_ANSI = 1;
export const H_SHELL = 2;
export const H_TIME = 4;
export const H_DURATION = 8;
export const H_HEX = 16;
export const H_UUID = 32;
export const H_PID = 64;
export const H_TMP = 128;
export const H_SPACE = 256;
/** Only leading or trailing whitespace of the whole text: a trim, no regex. */
export const H_ENDS = 512;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
/** `[ \t\f\v]` */
const isInlineSpace = (c: number) => c === 32 || c === 9 || c === 12 || c === 11;
/** `[ =:#]` */
const isPidSep = (c: number) => c === 32 || c === 61 || c === 58 || c === 35;

/** What a JavaScript regex's `\s` matches (`\S` is the rest). */
function isRegexSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function isEndSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 11 || c === 12;
}

function hexRun(s: string, i: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (!isHex(s.charCodeAt(i + k))) return false;
  return true;
}

/** `[0-9a-fA-F]-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-` at i (s[i] is a hex digit). */
function uuidAt(s: string, i: number): boolean {
  return (
    s.charCodeAt(i + 1) === 45 &&
    hexRun(s, i + 2, 4) &&
    s.charCodeAt(i + 6) === 45 &&
    hexRun(s, i + 7, 4) &&
    s.charCodeAt(i + 11) === 45
  );
}

/** `[ =:#]{1,3}\d` at i: the separators are no digits, so the run decides it. */
function pidTail(s: string, i: number): boolean {
  let k = 0;
  while (k < 4 && isPidSep(s.charCodeAt(i + k))) k++;
  return k >= 1 && k <= 3 && isDigit(s.charCodeAt(i + k));
}

/** `\[\d+\][+-]? +\d` at i (a job line: `[1] 12345`). */
function jobAt(s: string, i: number): boolean {
  let k = i + 1;
  if (!isDigit(s.charCodeAt(k))) return false;
  while (isDigit(s.charCodeAt(k))) k++;
  if (s.charCodeAt(k) !== 93) return false;
  k++;
  const sign = s.charCodeAt(k);
  if (sign === 43 || sign === 45) k++;
  if (s.charCodeAt(k) !== 32) return false;
  while (s.charCodeAt(k) === 32) k++;
  return isDigit(s.charCodeAt(k));
}

/** `tmp[.a-z0-9_]` after the path separator at i. */
function tmpAt(s: string, i: number): boolean {
  const t = s.charCodeAt(i + 4);
  return (
    s.charCodeAt(i + 1) === 116 &&
    s.charCodeAt(i + 2) === 109 &&
    s.charCodeAt(i + 3) === 112 &&
    (t === 46 || t === 95 || (t >= 97 && t <= 122) || isDigit(t))
  );
}

/** After a digit at i: `\d ?(?:[nuµm]?s|min|hr|hour)` or `\dh\d`. */
function durationAt(s: string, i: number): boolean {
  let j = i + 1;
  let c = s.charCodeAt(j);
  if (c === 104 && isDigit(s.charCodeAt(j + 1))) return true; // 1h2
  if (c === 32) c = s.charCodeAt(++j);
  const d = s.charCodeAt(j + 1);
  if (c === 115) return true; // s
  if ((c === 110 || c === 117 || c === 0xb5) && d === 115) return true; // ns us µs
  if (c === 109) return d === 115 || (d === 105 && s.charCodeAt(j + 2) === 110); // ms min
  if (c === 104) return d === 114 || (d === 111 && s.charCodeAt(j + 2) === 117 && s.charCodeAt(j + 3) === 114); // hr hour
  return false;
}

/** The rule groups whose hint occurs in s (a bit mask of the H_ constants, H_ENDS aside). */
export function scanHints(s: string): number {
  const n = s.length;
  let h = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65) {
      if (c > 122) continue;
      // Letters (and `[\]^_\``): a UUID's first part, `sh:`, `pid`, `PID`, `Pid`, `process id`, `pytest-of-`.
      if (c <= 102 && (c >= 97 || c <= 70)) {
        if (s.charCodeAt(i + 1) === 45 && uuidAt(s, i)) h |= H_UUID;
      } else if (c === 115) {
        if (
          s.charCodeAt(i + 1) === 104 &&
          s.charCodeAt(i + 2) === 58 &&
          s.charCodeAt(i + 3) === 32 &&
          (isDigit(s.charCodeAt(i + 4)) || (s.startsWith('line ', i + 4) && isDigit(s.charCodeAt(i + 9))))
        )
          h |= H_SHELL;
      } else if (c === 112 || c === 80) {
        if (
          ((s.startsWith('pid', i) || s.startsWith('PID', i) || s.startsWith('Pid', i)) && pidTail(s, i + 3)) ||
          ((s.startsWith('process ID', i) || s.startsWith('process id', i)) && pidTail(s, i + 10))
        )
          h |= H_PID;
        if (c === 112 && s.startsWith('pytest-of-', i)) h |= H_TMP;
      } else if (c === 91) {
        if (i === 0 && jobAt(s, i)) h |= H_PID;
      } else if (c === 92 && tmpAt(s, i)) h |= H_TMP;
      continue;
    }
    if (c >= 48 && c <= 57) {
      const next = s.charCodeAt(i + 1);
      if (next === 58) {
        const m = s.charCodeAt(i + 2);
        if (m >= 48 && m <= 53 && isDigit(s.charCodeAt(i + 3))) h |= H_TIME;
      } else if (next === 45) {
        if (uuidAt(s, i)) h |= H_UUID;
      } else if (next === 120) {
        if (c === 48 && hexRun(s, i + 2, 6)) h |= H_HEX;
      } else if (durationAt(s, i)) h |= H_DURATION;
      continue;
    }
    if (c === 27) h |= H_ANSI;
    else if (c === 13) h |= H_SPACE;
    else if (c === 10) {
      const next = s.charCodeAt(i + 1);
      if (next === 10) h |= H_SPACE;
      else if (next === 91 && jobAt(s, i + 1)) h |= H_PID;
    } else if (isInlineSpace(c)) {
      const next = s.charCodeAt(i + 1);
      if (next === 10) h |= H_SPACE;
      else if (i > 0 && !isRegexSpace(s.charCodeAt(i - 1)) && (c !== 32 || isInlineSpace(next))) h |= H_SPACE;
    } else if (c === 47 && (tmpAt(s, i) || s.startsWith('/var/folders/', i))) h |= H_TMP;
  }
  return h;
}
