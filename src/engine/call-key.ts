/**
 * A call's key: a 32-bit hash and a size that equal exact fingerprints always share, computed
 * without writing the fingerprint and without reading every character of long strings. It only
 * routes: every user compares the arguments on a key match (call-view.ts sameExact, the series'
 * table and timeline, fingerprint-window.ts), so a collision costs a comparison, never an answer.
 *
 * Why not hash32 of the fingerprint text (fingerprintKey, replaced by this): that
 * walk fed every character of every argument (multi-KB writes included) to a multiply chain, and
 * sorted every object's keys; it was about a fifth of a `recommended` replay. Here long strings
 * are sampled (their length, head, tail and evenly spaced characters), and an object's entries
 * are combined by a sum, so key order needs no sort.
 *
 * Invariant (call-key.test.ts): canonicalJson(a) === canonicalJson(b) implies equal keys. Each
 * plain JSON value is keyed by what its canonical text says (-0 as 0, NaN and Infinity as null,
 * keys with an undefined value left out); anything else is keyed by its canonical text read back.
 */
import type { Json } from '../model/transcript';
import { canonicalJson } from './fingerprint';
import { isPlainObject } from './fingerprint-hash';

const PRIME = 0x01000193;
const OFFSET = 0x811c9dc5 | 0;
/** Strings up to this length are hashed whole. */
const WHOLE = 48;
/** Longer ones: this many characters at each end, and this many spread between. */
const END = 16;
const SPREAD = 16;

const NULL_KEY = 0x2f1b3c4d;
const TRUE_KEY = 0x5a7e1d33;
const FALSE_KEY = 0x1c6b9e27;
const NUMBER_TAG = 0x3b9ac9ff;
const ARRAY_TAG = 0x6d2b79f5;
const OBJECT_TAG = 0x27d4eb2f;

/** murmur3's finaliser: every input bit moves every output bit (the object sum needs it). */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function stringKey(s: string, into: CallKey): number {
  const n = s.length;
  into.size += n + 2;
  let x = Math.imul(OFFSET ^ n, PRIME);
  if (n <= WHOLE) {
    // Two characters a step: half the multiplications of a character-wise FNV.
    let i = 1;
    for (; i < n; i += 2) x = Math.imul(x ^ (s.charCodeAt(i - 1) | (s.charCodeAt(i) << 16)), PRIME);
    if (i === n) x = Math.imul(x ^ s.charCodeAt(n - 1), PRIME);
    return x;
  }
  for (let i = 0; i < END; i += 2) x = Math.imul(x ^ (s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16)), PRIME);
  for (let i = n - END; i < n; i += 2) x = Math.imul(x ^ (s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16)), PRIME);
  const step = Math.floor((n - 2 * END) / SPREAD);
  for (let i = END + (step >> 1), k = 0; k < SPREAD; k++, i += step) x = Math.imul(x ^ s.charCodeAt(i), PRIME);
  return x;
}

function numberKey(v: number, into: CallKey): number {
  into.size += 4;
  if (!Number.isFinite(v)) return NULL_KEY;
  // -0 | 0 is 0: both write "0".
  if ((v | 0) === v) return fmix((v | 0) ^ NUMBER_TAG);
  return fmix(stringKey(String(v), into) ^ NUMBER_TAG);
}

function valueKey(v: unknown, into: CallKey): number {
  switch (typeof v) {
    case 'string':
      return stringKey(v, into);
    case 'number':
      return numberKey(v, into);
    case 'boolean':
      into.size += 4;
      return v ? TRUE_KEY : FALSE_KEY;
    case 'object':
      if (v === null) {
        into.size += 4;
        return NULL_KEY;
      }
      if (Array.isArray(v)) {
        into.size += 2 + v.length;
        let x = Math.imul(ARRAY_TAG ^ v.length, PRIME);
        for (let i = 0; i < v.length; i++) x = Math.imul(x ^ valueKey(v[i], into), PRIME);
        return fmix(x);
      }
      if (isPlainObject(v)) {
        const o = v as Record<string, unknown>;
        into.size += 2;
        // A sum of the entries' keys: the same whatever the key order.
        let sum = 0;
        let count = 0;
        for (const k in o) {
          const x = o[k];
          if (x === undefined) continue;
          count++;
          into.size += 1;
          const kk = stringKey(k, into);
          sum = (sum + fmix((kk + Math.imul(valueKey(x, into), 0x9e3779b1)) | 0)) | 0;
        }
        return fmix(sum ^ Math.imul(OBJECT_TAG ^ count, PRIME));
      }
      break;
  }
  // Not plain JSON data (undefined, a function, a Date...): keyed as the canonical text it writes.
  return valueKey(JSON.parse(canonicalJson(v)), into);
}

export interface CallKey {
  hash: number;
  /** Sum of the sizes of what was keyed: a function of the canonical text, near its length. */
  size: number;
}

/** The key of exactFingerprint(name, args); `into` is filled and returned (no allocation). */
export function callKey(name: string, args: Json, into: CallKey): CallKey {
  // The size is summed into `into` as the walk goes (no state outside the caller's object).
  into.size = 0;
  const h = valueKey(args, into);
  const n = stringKey(name, into);
  into.hash = fmix(n ^ Math.imul(h, PRIME)) >>> 0;
  return into;
}
