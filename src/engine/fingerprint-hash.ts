/**
 * Equality of two calls' arguments as their canonical JSON texts (fingerprint.ts), without
 * building the texts: detectors and the fingerprint series compare calls whose keys
 * (call-key.ts) are equal, and writing every call's canonical JSON (multi-KB file contents
 * included) was most of a replay's fixed cost. The text is built only when a detector reads it
 * (a message, a pattern, a table key).
 */
import type { Json } from '../model/transcript';
import { canonicalJson } from './fingerprint';

export function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Not plain JSON data: sameJson gives up and compares canonical texts. */
const UNSURE = 2;

/**
 * canonicalJson(a) === canonicalJson(b), compared as values: keys in any order, the first
 * difference ends it. Values other than plain JSON data (undefined, NaN, a Date...) are
 * compared through their canonical texts.
 */
export function sameJson(a: Json, b: Json): boolean {
  const r = compare(a, b);
  return r === UNSURE ? canonicalJson(a) === canonicalJson(b) : r === 1;
}

/** 1: same canonical text, 0: different, UNSURE: not plain data on the way. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string') return typeof b === 'string' ? (a === b ? 1 : 0) : typeof b === 'object' ? 0 : UNSURE;
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return UNSURE;
    return a === b ? 1 : 0; // 0 and -0 both write "0"; other finite numbers write apart
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? 1 : UNSURE;
  if (a === null || b === null) return a === b ? 1 : UNSURE;
  if (typeof a !== 'object' || typeof b !== 'object') return UNSURE;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return isPlainObject(b) ? 0 : UNSURE;
    if (a.length !== b.length) return 0;
    let r = 1;
    for (let i = 0; i < a.length; i++) {
      const x = compare(a[i], b[i]);
      if (x === 0) return 0;
      if (x === UNSURE) r = UNSURE;
    }
    return r;
  }
  if (Array.isArray(b)) return isPlainObject(a) ? 0 : UNSURE;
  if (!isPlainObject(a) || !isPlainObject(b)) return UNSURE;
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  // Keys with an undefined value are not written: the two must write the same keys.
  let written = 0;
  let r = 1;
  // for-in, not Object.keys: no array per comparison (both are plain objects: no inherited keys).
  for (const k in oa) {
    const x = oa[k];
    if (x === undefined) continue;
    written++;
    if (!Object.prototype.hasOwnProperty.call(ob, k) || ob[k] === undefined) return 0;
    const c = compare(x, ob[k]);
    if (c === 0) return 0;
    if (c === UNSURE) r = UNSURE;
  }
  for (const k in ob) if (ob[k] !== undefined) written--;
  if (written !== 0) return 0;
  return r;
}
