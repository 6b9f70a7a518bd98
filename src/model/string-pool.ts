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
 * V8 hashes a string of more than 16,383 characters by its length alone, so distinct long texts
 * of one length would be compared one by one in a map keyed by the texts themselves: a longer
 * text is keyed by its length, head and tail instead, and compared with one text at most.
 */
const HASHED_CHARS = 16_383;
const SAMPLE = 64;
const MAX_TEXTS = 1 << 20;

export class StringPool {
  private readonly seen = new Map<string, string>();
  private readonly results = new Map<string, ToolResult>();

  constructor(private readonly maxTexts = MAX_TEXTS) {}

  /** The first instance of a text equal to `s` seen by this pool, or `s` itself. */
  share(s: string): string {
    if (s.length < MIN_CHARS) return s;
    const key = keyOf(s);
    const first = this.seen.get(key);
    if (first !== undefined) return first === s ? first : s;
    if (this.seen.size < this.maxTexts) this.seen.set(key, s);
    return s;
  }

  /**
   * The first result object equal to `r` (same text, flag and rule), or `r` itself. Results are
   * never changed after normalising, so equal ones can be one object: a structured clone (an
   * IndexedDB write, a read back) then writes it once per record and gives it back shared.
   */
  shareResult(r: ToolResult): ToolResult {
    if (r.content.length < MIN_CHARS) return r;
    const key = keyOf(r.content);
    const first = this.results.get(key);
    if (first === undefined) {
      if (this.results.size < this.maxTexts) this.results.set(key, r);
      return r;
    }
    return first.content === r.content && first.isError === r.isError && first.inferred === r.inferred ? first : r;
  }

  /** How many distinct texts it remembers. */
  get size(): number {
    return this.seen.size;
  }
}

function keyOf(s: string): string {
  return s.length > HASHED_CHARS ? `${s.length}\u0000${s.slice(0, SAMPLE)}\u0000${s.slice(-SAMPLE)}` : s;
}
