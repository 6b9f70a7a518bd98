/**
 * Two calls' normalised arguments compared without normalising every argument. normalizeArgs
 * (observation.ts) maps each string value on its own and keeps the shape, so the normalised
 * arguments are equal exactly when the shapes match and each pair of strings normalises alike.
 * Two writes of different files differ in their short `path`: that decides it, and their
 * multi-KB contents are never scanned (normalising every edit's body was the largest cost of a
 * `recommended` replay). A pair of long strings is left to the call's cached normArgs, so a long
 * text is still normalised once per call, not once per comparison.
 */
import { isPlainObject } from './fingerprint-hash';
import { normalizeText } from './observation';

/** Strings up to this length are normalised on the spot, per comparison. */
export const SHORT = 256;

export const DIFFERENT = 0;
export const SAME = 1;
/** Not decided here: a pair of long strings differs, or a value is not plain JSON data. */
export const UNDECIDED = 2;

/**
 * DIFFERENT or SAME as sameJson(normalizeArgs(a), normalizeArgs(b)) would answer, or
 * UNDECIDED. `clean`: neither argument is DIRTY (argsClean). It follows fingerprint-hash.ts `compare` step by step; only strings differ: equal
 * texts are the same, short ones are normalised and compared, long ones
 * leave it undecided unless something else differs.
 */
export function compareNormArgs(a: unknown, b: unknown, clean: boolean): number {
  if (typeof a === 'string') {
    if (typeof b !== 'string') return typeof b === 'object' ? DIFFERENT : UNDECIDED;
    if (a === b) return SAME;
    if (a.length > SHORT || b.length > SHORT) return UNDECIDED;
    // Both short texts are their own normalised forms (argsClean): they differ as they are.
    if (clean) return DIFFERENT;
    return normalizeText(a) === normalizeText(b) ? SAME : DIFFERENT;
  }
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return UNDECIDED;
    return a === b ? SAME : DIFFERENT;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? SAME : UNDECIDED;
  if (a === null || b === null) return a === b ? SAME : UNDECIDED;
  if (typeof a !== 'object' || typeof b !== 'object') return UNDECIDED;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return isPlainObject(b) ? DIFFERENT : UNDECIDED;
    if (a.length !== b.length) return DIFFERENT;
    let r = SAME;
    for (let i = 0; i < a.length; i++) {
      const x = compareNormArgs(a[i], b[i], clean);
      if (x === DIFFERENT) return DIFFERENT;
      if (x === UNDECIDED) r = UNDECIDED;
    }
    return r;
  }
  if (Array.isArray(b)) return isPlainObject(a) ? DIFFERENT : UNDECIDED;
  if (!isPlainObject(a) || !isPlainObject(b)) return UNDECIDED;
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  let written = 0;
  let r = SAME;
  // for-in, not Object.keys: no array per comparison (both are plain objects: no inherited keys).
  for (const k in oa) {
    const x = oa[k];
    if (x === undefined) continue;
    written++;
    if (!Object.prototype.hasOwnProperty.call(ob, k) || ob[k] === undefined) return DIFFERENT;
    const c = compareNormArgs(x, ob[k], clean);
    if (c === DIFFERENT) return DIFFERENT;
    if (c === UNDECIDED) r = UNDECIDED;
  }
  for (const k in ob) if (ob[k] !== undefined) written--;
  if (written !== 0) return DIFFERENT;
  return r;
}

/** argsClean: every string is short and its own normalised form, so the normalised arguments are the arguments. */
export const CLEAN = 0;
/** argsClean: every short string is its own normalised form; some string is long (not looked at). */
export const CLEAN_SHORT = 1;
/** argsClean: some short string changes when normalised. */
export const DIRTY = 2;

/**
 * How the strings of `v` (values, not keys) stand with the normaliser, looking at the short
 * ones only: computed once per call (call-view.ts), it spares normalising short texts per
 * comparison, and two CLEAN calls with different raw arguments differ normalised too.
 */
export function argsClean(v: unknown): number {
  if (typeof v === 'string') return v.length > SHORT ? CLEAN_SHORT : normalizeText(v) === v ? CLEAN : DIRTY;
  if (v === null || typeof v !== 'object') return CLEAN;
  let r = CLEAN;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = argsClean(v[i]);
      if (x === DIRTY) return DIRTY;
      if (x > r) r = x;
    }
    return r;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = argsClean(o[k]);
    if (x === DIRTY) return DIRTY;
    if (x > r) r = x;
  }
  return r;
}
