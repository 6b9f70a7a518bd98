/**
 * The only way a user-controlled string or value reaches a generated Python file. A string is
 * written as printable ASCII with everything else escaped (quotes, backslashes, controls, every
 * non-ASCII character by code point), so its body is inert inside "…" and inside a """…"""
 * docstring alike: no quote or backslash of the string survives unescaped, nothing can end the
 * literal early, and `\N`, `\U`, `\x` in a name stay characters.
 */
import { numberLiteral } from './number';

const SHORT: Record<number, string> = { 0x5c: '\\\\', 0x22: '\\"', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

function escapeUnit(c: number): string {
  const short = SHORT[c];
  if (short) return short;
  if (c >= 0x20 && c < 0x7f) return String.fromCharCode(c);
  if (c < 0x100) return `\\x${hex(c, 2)}`;
  // Lone surrogates too: Python's "\ud800" is a one-character str, as in JavaScript.
  return `\\u${hex(c, 4)}`;
}

/** The text between the quotes of a Python string literal whose value is `s`. */
export function pyStringBody(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      out += `\\U${hex(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000, 8)}`;
      i++;
    } else out += escapeUnit(c);
  }
  return out;
}

/** A double-quoted Python string literal of `s`. */
export function pyString(s: string): string {
  return `"${pyStringBody(s)}"`;
}

/** Python literal of a JSON value (settings are numbers, booleans, strings and lists of them). */
export function pyValue(v: unknown): string {
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'number') return numberLiteral(v);
  if (typeof v === 'string') return pyString(v);
  if (Array.isArray(v)) return `[${v.map(pyValue).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyString(k)}: ${pyValue(x)}`)
    .join(', ')}}`;
}
