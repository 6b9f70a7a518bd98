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

  constructor(private readonly maxTexts = MAX_TEXTS) {}

  /** The first instance of a text equal to `s` seen by this pool, or `s` itself. */
  share(s: string): string {
    if (s.length < MIN_CHARS) return s;
    const key = s.length > HASHED_CHARS ? `${s.length}\u0000${s.slice(0, SAMPLE)}\u0000${s.slice(-SAMPLE)}` : s;
    const first = this.seen.get(key);
    if (first !== undefined) return first === s ? first : s;
    if (this.seen.size < this.maxTexts) this.seen.set(key, s);
    return s;
  }

  /** How many distinct texts it remembers. */
  get size(): number {
    return this.seen.size;
  }
}
