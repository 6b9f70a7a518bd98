/**
 * A JavaScript regular expression as a Python `re` pattern with the same matches, for the tables
 * the Python module is generated with. Only the constructs the engine's tables use are translated;
 * anything else throws UntranslatableRegexError at generation, never a pattern that matches
 * differently in Python.
 */

export class UntranslatableRegexError extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`cannot translate /${source}/ to Python: ${reason}`);
    this.name = 'UntranslatableRegexError';
  }
}

/** A translated pattern: its Python source and the `re` flags it needs (re.A always). */
export interface PyRegex {
  source: string;
  flags: string[];
}

// JavaScript's \s (Unicode White_Space plus the BOM); Python's ASCII \s misses the rest.
const JS_SPACE = '\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
// What JavaScript's `.` does not match without the s flag, and where ^ and $ see a line end with m.
const JS_LINE_END = '\\n\\r\\u2028\\u2029';
// Escapes that mean the same in both dialects (with re.A: \w \d \b are ASCII in both).
const SAME_ESCAPES = new Set('dDwWbBnrtfv0'.split(''));
const FLAG_MAP: Record<string, string> = { i: 're.I', m: 're.M', s: 're.S' };

function translateEscape(src: string, i: number, inClass: boolean): { out: string; next: number } {
  const c = src[i + 1];
  const fail = (why: string) => {
    throw new UntranslatableRegexError(src, why);
  };
  if (c === undefined) fail('a trailing backslash');
  if (c === 's') return { out: inClass ? JS_SPACE : `[${JS_SPACE}]`, next: i + 2 };
  if (c === 'S') {
    if (inClass) fail('\\S inside a character class');
    return { out: `[^${JS_SPACE}]`, next: i + 2 };
  }
  if (c === 'p' || c === 'P') fail(`\\${c}{…} (Unicode properties)`);
  if (c === 'k') fail('a named back-reference');
  if (c === 'c') fail('a control escape');
  if (c === 'x') {
    if (!/^[0-9a-fA-F]{2}$/.test(src.slice(i + 2, i + 4))) fail('a malformed \\x escape');
    return { out: src.slice(i, i + 4), next: i + 4 };
  }
  if (c === 'u') {
    if (!/^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) fail('a \\u escape other than \\uHHHH');
    return { out: src.slice(i, i + 6), next: i + 6 };
  }
  if (/[1-9]/.test(c)) {
    if (inClass) fail('an octal escape in a class');
    return { out: `\\${c}`, next: i + 2 };
  }
  if (SAME_ESCAPES.has(c)) return { out: `\\${c}`, next: i + 2 };
  if (/[A-Za-z]/.test(c)) fail(`the escape \\${c}`);
  // An escaped punctuation character is that character in both.
  return { out: `\\${c}`, next: i + 2 };
}

function translateGroupOpening(src: string, i: number): { out: string; next: number } {
  const head = src.slice(i, i + 4);
  if (head.startsWith('(?<=') || head.startsWith('(?<!')) throw new UntranslatableRegexError(src, 'a lookbehind');
  const named = /^\(\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(src.slice(i));
  if (named) return { out: `(?P<${named[1]}>`, next: i + named[0].length };
  if (head.startsWith('(?:') || head.startsWith('(?=') || head.startsWith('(?!'))
    return { out: head.slice(0, 3), next: i + 3 };
  if (src[i + 1] === '?') throw new UntranslatableRegexError(src, `the group ${src.slice(i, i + 4)}`);
  return { out: '(', next: i + 1 };
}

/** The Python pattern for a JavaScript RegExp; throws UntranslatableRegexError when unsure. */
export function pyRegex(re: RegExp): PyRegex {
  const src = re.source;
  for (const f of re.flags) if (!'gimsy'.includes(f)) throw new UntranslatableRegexError(src, `the flag ${f}`);
  // Without the u flag JavaScript's i never folds a non-ASCII character to ASCII: with ASCII
  // patterns that is Python's re.I under re.A; other patterns are refused.
  if (re.flags.includes('i') && /[^\x00-\x7f]|\\u|\\x[89a-fA-F]/.test(src))
    throw new UntranslatableRegexError(src, 'a non-ASCII character under the i flag');
  const multiline = re.flags.includes('m');
  const dotAll = re.flags.includes('s');
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      const t = translateEscape(src, i, inClass);
      out += t.out;
      i = t.next;
    } else if (inClass) {
      // Python reads `[` and doubled `&`, `|`, `~` in a class as the start of set operations
      // (a FutureWarning today): escaped, they are the characters JavaScript sees.
      if (c === '[' || ('&|~'.includes(c) && src[i + 1] === c)) out += `\\${c}`;
      else if (c === '-' && src[i + 1] === '-') throw new UntranslatableRegexError(src, 'a -- inside a class');
      else out += c;
      if (c === ']') inClass = false;
      i++;
    } else if (c === '[') {
      if (src.startsWith('[^]', i) || src.startsWith('[]', i))
        throw new UntranslatableRegexError(src, 'an empty class');
      inClass = true;
      out += c;
      i++;
    } else if (c === '(') {
      const t = translateGroupOpening(src, i);
      out += t.out;
      i = t.next;
    } else if (c === '.') {
      out += dotAll ? '.' : `[^${JS_LINE_END}]`;
      i++;
    } else if (c === '$') {
      // Python's $ also matches before a final newline; JavaScript's only at the end (or a line end with m).
      out += multiline ? `(?=[${JS_LINE_END}]|\\Z)` : '\\Z';
      i++;
    } else if (c === '^') {
      out += multiline ? `(?:\\A|(?<=[${JS_LINE_END}]))` : '^';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  const flags = ['re.A', ...[...re.flags].filter((f) => FLAG_MAP[f] && f !== 'm').map((f) => FLAG_MAP[f])];
  return { source: out, flags };
}
