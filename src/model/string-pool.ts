/**
 * Shares repeated texts while a file is parsed: every string JSON.parse returns is a new copy, so
 * a result read twenty times is held twenty times. The pool hands back the first instance of an
 * equal text instead, and the copy becomes garbage at once (in the generated benchmark run 77 % of
 * the result characters are repeats: the transcript's heap shrinks by about that much). Equal
 * strings are indistinguishable in JavaScript, so sharing changes no value.
 *
 * Bounded: at most `maxTexts` distinct texts are remembered (later new texts pass through
 * unshared). The pool holds only strings the transcript holds anyway, so its own cost is one map
 * entry per distinct text, for as long as the parse runs.
 */

import type { ToolResult } from './transcript';

/** V8's JSON.parse already shares string values of up to 10 characters (it internalises them). */
const MIN_CHARS = 11;
/**
 * A Map keyed by the texts themselves hashes every character of every new text (V8 hashes a
 * string in full, up to 16,383 characters): on a 160 MB import that was a fifth of the parse. The
 * pool keys a text by a hash of its length and 32 of its characters instead, and compares it with
 * the one text already under that key (a native comparison, far cheaper than hashing). Texts whose
 * key another text already holds go to a second map keyed by the text (or, past V8's hashing
 * limit, by its length, head and tail), as every text did before.
 */
const SAMPLED = 32;
const HASHED_CHARS = 16_383;
const SAMPLE = 64;
const MAX_TEXTS = 1 << 20;

/** A small integer from `s`'s length and its first, last and 16 evenly spread characters. */
function sampleKey(s: string): number {
  const n = s.length;
  let h = n;
  if (n <= SAMPLED) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  } else {
    for (let i = 0; i < 8; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    for (let i = n - 8; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    const step = (n - 16) / 17;
    for (let k = 1; k <= 16; k++) h = Math.imul(h ^ s.charCodeAt(8 + Math.floor(k * step)), 0x01000193);
  }
  // A small integer keys a Map without allocating.
  return h & 0x3fffffff;
}

function textKey(s: string): string {
  return s.length > HASHED_CHARS ? `${s.length}\u0000${s.slice(0, SAMPLE)}\u0000${s.slice(-SAMPLE)}` : s;
}

/** First instances of texts (or of objects holding a text), by sampled key and, past a clash, by text. */
class FirstSeen<T> {
  private readonly bySample = new Map<number, T>();
  private readonly byText = new Map<string, T>();

  constructor(
    private readonly textOf: (v: T) => string,
    private readonly maxTexts: number,
  ) {}

  /** The first value remembered with a text equal to `s`, or undefined (and `v` is remembered if there is room). */
  firstOf(s: string, v: T): T | undefined {
    const key = sampleKey(s);
    const first = this.bySample.get(key);
    if (first === undefined) {
      if (this.size < this.maxTexts) this.bySample.set(key, v);
      return undefined;
    }
    const text = this.textOf(first);
    if (text === s) return first;
    const k = textKey(s);
    const other = this.byText.get(k);
    if (other !== undefined) return this.textOf(other) === s ? other : undefined;
    if (this.size < this.maxTexts) this.byText.set(k, v);
    return undefined;
  }

  get size(): number {
    return this.bySample.size + this.byText.size;
  }
}

export class StringPool {
  private readonly seen: FirstSeen<string>;
  private readonly results: FirstSeen<ToolResult>;

  constructor(maxTexts = MAX_TEXTS) {
    this.seen = new FirstSeen((s) => s, maxTexts);
    this.results = new FirstSeen((r) => r.content, maxTexts);
  }

  /**
   * The first instance of a text equal to `s` seen by this pool, or `s` itself. For texts that
   * repeat (tool names): a lookup in a large map costs a few cache misses, more than a unique
   * text's copy costs the collector.
   */
  share(s: string): string {
    if (s.length < MIN_CHARS) return s;
    return this.seen.firstOf(s, s) ?? s;
  }

  /**
   * The first result object equal to `r` (same text, flag and rule), or `r` itself, with its text
   * shared: one lookup for both. Results are never changed after normalising, so equal ones can be
   * one object: a structured clone (an IndexedDB write, a read back) then writes it once per record
   * and gives it back shared.
   */
  shareResult(r: ToolResult): ToolResult {
    if (r.content.length < MIN_CHARS) return r;
    const first = this.results.firstOf(r.content, r);
    if (first === undefined || first === r) return r;
    if (first.isError === r.isError && first.inferred === r.inferred) return first;
    // The same text with another flag or rule: its own object, the text still shared.
    return { ...r, content: first.content };
  }

  /** How many distinct texts it remembers (names and results). */
  get size(): number {
    return this.seen.size + this.results.size;
  }
}
