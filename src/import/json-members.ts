/**
 * Where the members of a JSON object and the elements of an array lie in a text, found by one
 * linear scan of strings and brackets, building no value: a whole-document importer can then parse
 * a huge array one element at a time (a `.traj` of a million steps). The scan does not validate;
 * the caller parses each piece and, should one fail, parses the whole text to report the error
 * where it is.
 */

/** [start, end) of a value in the text. */
export interface Span {
  start: number;
  end: number;
}

const QUOTE = 34;
const BACKSLASH = 92;

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function skipWs(text: string, at: number): number {
  let i = at;
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** The end (after the closing quote) of the string whose opening quote is at `at`; -1 if unclosed. */
function stringEnd(text: string, at: number): number {
  for (let i = text.indexOf('"', at + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return i + 1;
  }
  return -1;
}

/** The end of the value starting at `at` (no whitespace before it); -1 if the text ends first. */
export function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) return stringEnd(text, at);
  if (c !== 91 && c !== 123) {
    // A number or literal: up to the next separator.
    let i = at;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 93 || d === 125 || isWs(d)) break;
      i++;
    }
    return i > at ? i : -1;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (d === 91 || d === 123) depth++;
    else if (d === 93 || d === 125) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The members of the object that is the whole text, by key (a key given twice keeps its last
 * value, as JSON.parse does); undefined when the text is not laid out as one object.
 */
export function objectMembers(text: string): Map<string, Span> | undefined {
  const members = new Map<string, Span>();
  let i = skipWs(text, 0);
  if (text[i] !== '{') return undefined;
  i = skipWs(text, i + 1);
  if (text[i] === '}') return skipWs(text, i + 1) === text.length ? members : undefined;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd === -1) return undefined;
    let key: string;
    try {
      key = JSON.parse(text.slice(i, keyEnd)) as string;
    } catch {
      return undefined;
    }
    i = skipWs(text, keyEnd);
    if (text[i] !== ':') return undefined;
    const start = skipWs(text, i + 1);
    const end = valueEnd(text, start);
    if (end === -1) return undefined;
    members.set(key, { start, end });
    i = skipWs(text, end);
    if (text[i] === '}') return skipWs(text, i + 1) === text.length ? members : undefined;
    if (text[i] !== ',') return undefined;
    i = skipWs(text, i + 1);
  }
}

/** The elements of the array at `span`, as [start, end) pairs in one flat list; undefined if malformed. */
export function arrayElements(text: string, span: Span): number[] | undefined {
  const out: number[] = [];
  if (text[span.start] !== '[') return undefined;
  let i = skipWs(text, span.start + 1);
  if (text[i] === ']') return i + 1 === span.end ? out : undefined;
  for (;;) {
    const end = valueEnd(text, i);
    if (end === -1) return undefined;
    out.push(i, end);
    i = skipWs(text, end);
    if (text[i] === ']') return i + 1 === span.end ? out : undefined;
    if (text[i] !== ',') return undefined;
    i = skipWs(text, i + 1);
  }
}
