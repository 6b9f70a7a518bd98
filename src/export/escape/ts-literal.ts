/**
 * The only way a user-controlled string or value reaches a generated TypeScript file: JSON (a
 * subset of JavaScript) with every character outside printable ASCII written as `\uXXXX`, and the
 * star-slash that ends a block comment written `*\/`, so the same text is inert inside a string
 * and inside a comment (no line break, nothing that closes the comment). The word `import` is
 * written `\u0069mport`, as in the engine's pieces, so nothing in the module reads as an import.
 */
import { NonFiniteNumberError } from './number';

function refuseNonFinite(_key: string, v: unknown): unknown {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new NonFiniteNumberError(v);
  return v;
}

/** JSON of `v` (indented by `indent` spaces when given) made ASCII and comment-safe. */
export function tsValue(v: unknown, indent?: number): string {
  return JSON.stringify(v, refuseNonFinite, indent)
    .replace(/[^\x20-\x7e\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\*\//g, '*\\/')
    .replace(/\bimport\b/g, '\\u0069mport');
}

/** The text between the quotes of a string literal of `s`; also fit for a comment. */
export function tsStringBody(s: string): string {
  return tsValue(s).slice(1, -1);
}
