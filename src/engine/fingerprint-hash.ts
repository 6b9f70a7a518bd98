/**
 * The exact fingerprint's hash and length, and equality of two calls' arguments, without
 * building the fingerprint text (fingerprint.ts). A replay needs, for every call, only to tell
 * calls apart: the fingerprint series counts them by hash, and detectors compare two calls'
 * arguments. Writing every call's canonical JSON (multi-KB file contents included) and hashing
 * it again was most of a replay's fixed cost; the text is now built only when a detector reads
 * it (a message, a pattern, a table key).
 *
 * fingerprintHash(name, args) === hash32(exactFingerprint(name, args)) for every input:
 * the walk feeds FNV-1a exactly the characters canonicalJson would write (JSON.stringify's
 * escapes included), and hands anything that is not plain JSON data to canonicalJson itself.
 * fingerprint-hash.test.ts checks it against the text on random values.
 */
import type { Json } from '../model/transcript';
import { canonicalJson } from './fingerprint';

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
const HEX = '0123456789abcdef';

/** The running FNV-1a state and the number of characters fed. */
let h = 0;
let len = 0;

function feedChar(c: number): void {
  h = Math.imul(h ^ c, FNV_PRIME);
  len++;
}

function feedRaw(s: string): void {
  const n = s.length;
  let x = h;
  for (let i = 0; i < n; i++) x = Math.imul(x ^ s.charCodeAt(i), FNV_PRIME);
  h = x;
  len += n;
}

/** `\u` and four lowercase hex digits, as JSON.stringify escapes control characters and lone surrogates. */
function feedUnicodeEscape(c: number): void {
  feedChar(92);
  feedChar(117);
  feedChar(HEX.charCodeAt((c >> 12) & 15));
  feedChar(HEX.charCodeAt((c >> 8) & 15));
  feedChar(HEX.charCodeAt((c >> 4) & 15));
  feedChar(HEX.charCodeAt(c & 15));
}

/** JSON.stringify(s), character by character. */
function feedString(s: string): void {
  const n = s.length;
  let x = Math.imul(h ^ 34, FNV_PRIME);
  let i = 0;
  for (;;) {
    // The common run: printable characters outside the surrogates, written as they are.
    let c = 0;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) break;
      x = Math.imul(x ^ c, FNV_PRIME);
    }
    if (i === n) break;
    h = x;
    len--; // the escape's characters are counted by feedChar, not as this character
    if (c === 34 || c === 92) {
      feedChar(92);
      feedChar(c);
    } else if (c < 0x20) {
      const short = c === 8 ? 98 : c === 9 ? 116 : c === 10 ? 110 : c === 12 ? 102 : c === 13 ? 114 : 0;
      if (short) {
        feedChar(92);
        feedChar(short);
      } else feedUnicodeEscape(c);
    } else if (c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is written as it is.
      feedChar(c);
      feedChar(s.charCodeAt(++i));
      len--;
    } else feedUnicodeEscape(c);
    x = h;
    i++;
  }
  h = Math.imul(x ^ 34, FNV_PRIME);
  // The quotes and every character written as it is (escapes were counted as they were fed).
  len += n + 2;
}

/** keys.sort(), by insertion for the few keys arguments have (Array.prototype.sort costs more there). */
function sortKeys(keys: string[]): void {
  const n = keys.length;
  if (n > 16) {
    keys.sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const k = keys[i];
    let j = i - 1;
    if (!(k < keys[j])) continue;
    while (j >= 0 && k < keys[j]) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = k;
  }
}

export function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** canonicalJson(v), character by character. */
function feedValue(v: unknown): void {
  switch (typeof v) {
    case 'string':
      feedString(v);
      return;
    case 'boolean':
      feedRaw(v ? 'true' : 'false');
      return;
    case 'number':
      feedRaw(Number.isFinite(v) ? String(v) : 'null');
      return;
    case 'object':
      if (v === null) {
        feedRaw('null');
        return;
      }
      if (Array.isArray(v)) {
        feedChar(91);
        for (let i = 0; i < v.length; i++) {
          if (i) feedChar(44);
          feedValue(v[i]);
        }
        feedChar(93);
        return;
      }
      if (isPlainObject(v)) {
        const o = v as Record<string, unknown>;
        const keys = Object.keys(o);
        sortKeys(keys);
        feedChar(123);
        let first = true;
        for (const k of keys) {
          const x = o[k];
          if (x === undefined) continue;
          if (!first) feedChar(44);
          first = false;
          feedString(k);
          feedChar(58);
          feedValue(x);
        }
        feedChar(125);
        return;
      }
      break;
  }
  // Anything else (undefined, a function, a Date...): what canonicalJson writes for it.
  feedRaw(canonicalJson(v));
}

/** The hash and length of exactFingerprint(name, args), without building it. */
export interface FingerprintKey {
  hash: number;
  length: number;
}

/** hash32(exactFingerprint(name, args)) and its length; `into` is filled and returned (no allocation). */
export function fingerprintKey(name: string, args: Json, into: FingerprintKey): FingerprintKey {
  h = FNV_OFFSET;
  len = 0;
  feedRaw(name);
  feedChar(58);
  feedValue(args);
  into.hash = h >>> 0;
  into.length = len;
  return into;
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
  for (const k of Object.keys(oa)) {
    const x = oa[k];
    if (x === undefined) continue;
    written++;
    if (!Object.prototype.hasOwnProperty.call(ob, k) || ob[k] === undefined) return 0;
    const c = compare(x, ob[k]);
    if (c === 0) return 0;
    if (c === UNSURE) r = UNSURE;
  }
  for (const k of Object.keys(ob)) if (ob[k] !== undefined) written--;
  if (written !== 0) return 0;
  return r;
}
