/**
 * Gemini CLI's content-chanting check (LoopDetectionService.checkContentLoop), step for step,
 * over streamed text chunks. Differences are in bookkeeping only:
 * - chunks are keyed by a 53-bit rolling hash instead of SHA-256 (the first stored occurrence
 *   is still compared character by character, as Gemini does against hash collisions);
 * - positions are absolute and truncated ones are dropped lazily when a chunk is looked up,
 *   which gives the same lists as Gemini's eager re-indexing after truncation.
 */

export interface ChantParams {
  chunkSize: number;
  threshold: number;
  maxHistory: number;
  /** Occurrences are "close together" when their average distance <= chunkSize * this. */
  maxDistanceChunks: number;
  /** Newer Gemini CLI: at most floor(threshold / 2) distinct texts between occurrences. */
  checkPeriods: boolean;
}

const P1 = 1_000_000_007;
const P2 = 998_244_353;
const B1 = 131;
const B2 = 257;
const HI = 2 ** 23;

// Gemini CLI's element markers, verbatim (including `[*-+]`, a range that does not hold `-`).
const TABLE = /(^|\n)\s*(\|.*\||[|+-]{3,})/;
const LIST_A = /(^|\n)\s*[*-+]\s/;
const LIST_B = /(^|\n)\s*\d+\.\s/;
const HEADING = /(^|\n)#+\s/;
const QUOTE = /(^|\n)>\s/;
const DIVIDER = /^[+-_=*\u2500-\u257F]+$/;

function powMod(b: number, e: number, m: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = (r * b) % m;
  return r;
}

export class ChantTracker {
  private hist = '';
  /** Absolute position of hist[0]. */
  private base = 0;
  /** Gemini's lastContentIndex, absolute. */
  private next = 0;
  private readonly stats = new Map<number, number[]>();
  private inCodeBlock = false;
  private h1 = 0;
  private h2 = 0;
  /** Absolute start of the window h1/h2 describe; -1 when they must be recomputed. */
  private hashPos = -1;
  private readonly pow1: number;
  private readonly pow2: number;

  constructor(private readonly p: ChantParams) {
    this.pow1 = powMod(B1, p.chunkSize - 1, P1);
    this.pow2 = powMod(B2, p.chunkSize - 1, P2);
  }

  /** resetContentTracking(): a tool call, a new prompt or a markdown element boundary. */
  reset(): void {
    this.hist = '';
    this.base = 0;
    this.next = 0;
    this.stats.clear();
    this.hashPos = -1;
  }

  /** One streamed chunk; returns Gemini's detail text when it completes a loop, else null. */
  feed(content: string): string | null {
    const fences = content.split('```').length - 1;
    const isDivider = DIVIDER.test(content);
    if (
      fences ||
      TABLE.test(content) ||
      LIST_A.test(content) ||
      LIST_B.test(content) ||
      HEADING.test(content) ||
      QUOTE.test(content) ||
      isDivider
    )
      this.reset();
    const wasInCodeBlock = this.inCodeBlock;
    if (fences % 2 === 1) this.inCodeBlock = !this.inCodeBlock;
    if (wasInCodeBlock || this.inCodeBlock || isDivider) return null;
    this.hist += content;
    this.truncate();
    return this.analyze();
  }

  private truncate(): void {
    const excess = this.hist.length - this.p.maxHistory;
    if (excess <= 0) return;
    this.hist = this.hist.slice(excess);
    this.base += excess;
    if (this.next < this.base) this.next = this.base;
    // Bound the memory of chunks that fell out and are never looked up again.
    if (this.stats.size > 4 * this.p.maxHistory)
      for (const [k, list] of this.stats) if (list[list.length - 1] < this.base) this.stats.delete(k);
  }

  private analyze(): string | null {
    const size = this.p.chunkSize;
    const end = this.base + this.hist.length;
    while (this.next + size <= end) {
      if (this.hashPos !== this.next) this.hashAt(this.next);
      if (this.loopAt(this.key())) {
        const rel = this.next - this.base;
        return `Repeating content detected: "${this.hist.substring(Math.max(0, rel - 20), rel + size).trim()}..."`;
      }
      this.roll(end);
      this.next++;
    }
    return null;
  }

  private key(): number {
    return this.h1 * HI + (this.h2 % HI);
  }

  private hashAt(pos: number): void {
    let a = 0;
    let b = 0;
    const off = pos - this.base;
    for (let i = 0; i < this.p.chunkSize; i++) {
      const c = this.hist.charCodeAt(off + i);
      a = (a * B1 + c) % P1;
      b = (b * B2 + c) % P2;
    }
    this.h1 = a;
    this.h2 = b;
    this.hashPos = pos;
  }

  /** Moves the window one character right when the next window is complete. */
  private roll(end: number): void {
    const pos = this.hashPos;
    if (pos + 1 + this.p.chunkSize > end) {
      this.hashPos = -1;
      return;
    }
    const off = pos - this.base;
    const out = this.hist.charCodeAt(off);
    const inc = this.hist.charCodeAt(off + this.p.chunkSize);
    let a = (this.h1 - ((out * this.pow1) % P1) + P1) % P1;
    let b = (this.h2 - ((out * this.pow2) % P2) + P2) % P2;
    a = (a * B1 + inc) % P1;
    b = (b * B2 + inc) % P2;
    this.h1 = a;
    this.h2 = b;
    this.hashPos = pos + 1;
  }

  private sameChunk(a: number, b: number): boolean {
    const x = a - this.base;
    const y = b - this.base;
    for (let i = 0; i < this.p.chunkSize; i++)
      if (this.hist.charCodeAt(x + i) !== this.hist.charCodeAt(y + i)) return false;
    return true;
  }

  /** isLoopDetectedForChunk. */
  private loopAt(key: number): boolean {
    const { threshold, chunkSize } = this.p;
    let list = this.stats.get(key);
    if (list && list[0] < this.base) {
      let drop = 0;
      while (drop < list.length && list[drop] < this.base) drop++;
      list.splice(0, drop);
      if (list.length === 0) list = undefined;
    }
    if (!list) {
      this.stats.set(key, [this.next]);
      return false;
    }
    if (!this.sameChunk(list[0], this.next)) return false;
    list.push(this.next);
    if (list.length < threshold) return false;
    const first = list[list.length - threshold];
    const last = list[list.length - 1];
    if ((last - first) / (threshold - 1) > chunkSize * this.p.maxDistanceChunks) return false;
    if (!this.p.checkPeriods) return true;
    // A true loop repeats the same text between occurrences; a list of items that only share a
    // prefix does not.
    const periods = new Set<string>();
    for (let i = list.length - threshold; i < list.length - 1; i++)
      periods.add(this.hist.substring(list[i] - this.base, list[i + 1] - this.base));
    return periods.size <= Math.floor(threshold / 2);
  }
}
