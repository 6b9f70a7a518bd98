/**
 * Gemini CLI's content-chanting check (LoopDetectionService.checkContentLoop), step for step,
 * over streamed text chunks. Differences are in bookkeeping only, for speed (this runs once per
 * character of assistant text):
 * - chunks are found through a 64-bit rolling hash in an open-addressing table of typed arrays
 *   instead of a map keyed by SHA-256; a hash hit counts only when the text is equal character by
 *   character (a different text with the same hash gets its own entry), so chunks are keyed by
 *   their text exactly as in Gemini;
 * - a chunk's positions are a chain (each position links to the previous occurrence, in a ring
 *   the size of the history), and positions cut off by truncation end the chain: the same lists
 *   as Gemini's eager re-indexing after truncation, without allocating per character.
 */
import { formatMessage } from './message-templates';

export interface ChantParams {
  chunkSize: number;
  threshold: number;
  maxHistory: number;
  /** Occurrences are "close together" when their average distance <= chunkSize * this. */
  maxDistanceChunks: number;
  /** Newer Gemini CLI: at most floor(threshold / 2) distinct texts between occurrences. */
  checkPeriods: boolean;
  /** Qwen Code's markers: `-` bullets are list items, only `-+_=*` and box drawing make a divider. */
  fixedMarkers: boolean;
}

const B1 = 0x01000193;
const B2 = 0x5bd1e995;

// Gemini CLI's element markers, verbatim (including `[*-+]`, a range that does not hold `-`):
// a table, a list item (two forms), a heading, a blockquote; any of them resets tracking.
export const ELEMENT = /(^|\n)(?:\s*(?:\|.*\||[|+-]{3,})|\s*[*-+]\s|\s*\d+\.\s|#+\s|>\s)/;
export const DIVIDER = /^[+-_=*\u2500-\u257F]+$/;
// Qwen Code's, with both ranges fixed: `[-*+]` holds `-`, and `[-+_=*…]` no longer spans the digits
// and capital letters (`SELECT`, `12345` are text, not dividers).
export const ELEMENT_FIXED = /(^|\n)(?:\s*(?:\|.*\||[|+-]{3,})|\s*[-*+]\s|\s*\d+\.\s|#+\s|>\s)/;
export const DIVIDER_FIXED = /^[-+_=*\u2500-\u257F]+$/;

function powImul(b: number, e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = Math.imul(r, b);
  return r;
}

function fences(s: string): number {
  let n = 0;
  for (let i = s.indexOf('```'); i >= 0; i = s.indexOf('```', i + 3)) n++;
  return n;
}

function pow2AtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export class ChantTracker {
  private hist = '';
  /** Absolute position of hist[0]. */
  private base = 0;
  /** Gemini's lastContentIndex, absolute. */
  private next = 0;
  private inCodeBlock = false;
  /** Nothing tracked since the last reset (resets are frequent: every turn with calls). */
  private clean = true;

  // Rolling hash of the window starting at hashPos (-1: recompute).
  private h1 = 0;
  private h2 = 0;
  private hashPos = -1;
  private readonly pow1: number;
  private readonly pow2: number;

  // Chunk table: slot valid when gen[slot] === curGen; live when lastPos[slot] >= base.
  private cap = 1024;
  private k1 = new Int32Array(this.cap);
  private k2 = new Int32Array(this.cap);
  private lastPos = new Float64Array(this.cap);
  private gen = new Int32Array(this.cap);
  private curGen = 1;
  private used = 0;
  /** prevPos[p & ringMask]: the previous occurrence of the chunk at p (-1: none). */
  private readonly prevPos: Float64Array;
  /**
   * Extra copies of position p in its chunk's list: after a detection the position is analysed
   * again at the next chunk and Gemini records it once more (its list then holds p twice).
   */
  private readonly dupPos: Int32Array;
  private readonly ringMask: number;
  private readonly recent: Float64Array;

  constructor(private readonly p: ChantParams) {
    this.pow1 = powImul(B1, p.chunkSize - 1);
    this.pow2 = powImul(B2, p.chunkSize - 1);
    // Live positions span at most maxHistory characters, so a ring that large never overwrites one.
    const ring = pow2AtLeast(Math.max(p.maxHistory, 16));
    this.prevPos = new Float64Array(ring);
    this.dupPos = new Int32Array(ring);
    this.ringMask = ring - 1;
    this.recent = new Float64Array(Math.max(p.threshold, 1));
  }

  /** resetContentTracking(): a tool call, a new prompt or a markdown element boundary. */
  reset(): void {
    if (this.clean) return;
    this.hist = '';
    this.base = 0;
    this.next = 0;
    this.hashPos = -1;
    this.curGen++;
    this.used = 0;
    this.clean = true;
  }

  /** One streamed chunk; returns Gemini's detail text when it completes a loop, else null. */
  feed(content: string): string | null {
    const nFences = content.indexOf('```') < 0 ? 0 : fences(content);
    const isDivider = (this.p.fixedMarkers ? DIVIDER_FIXED : DIVIDER).test(content);
    if (nFences || isDivider || (this.p.fixedMarkers ? ELEMENT_FIXED : ELEMENT).test(content)) this.reset();
    const wasInCodeBlock = this.inCodeBlock;
    if (nFences % 2 === 1) this.inCodeBlock = !this.inCodeBlock;
    if (wasInCodeBlock || this.inCodeBlock || isDivider) return null;
    this.hist += content;
    this.clean = false;
    this.truncate();
    return this.analyze();
  }

  private truncate(): void {
    const excess = this.hist.length - this.p.maxHistory;
    if (excess <= 0) return;
    this.hist = this.hist.slice(excess);
    this.base += excess;
    if (this.next < this.base) this.next = this.base;
  }

  private analyze(): string | null {
    const size = this.p.chunkSize;
    const end = this.base + this.hist.length;
    while (this.next + size <= end) {
      if (this.hashPos !== this.next) this.hashAt(this.next);
      if (this.loopAt()) {
        const rel = this.next - this.base;
        return formatMessage('gemini.chanting', {
          excerpt: this.hist.substring(Math.max(0, rel - 20), rel + size).trim(),
        });
      }
      this.roll(end);
      this.next++;
    }
    return null;
  }

  private hashAt(pos: number): void {
    let a = 0;
    let b = 0;
    const off = pos - this.base;
    const h = this.hist;
    for (let i = 0; i < this.p.chunkSize; i++) {
      const c = h.charCodeAt(off + i);
      a = (Math.imul(a, B1) + c) | 0;
      b = (Math.imul(b, B2) + c) | 0;
    }
    this.h1 = a;
    this.h2 = b;
    this.hashPos = pos;
  }

  /** Moves the window one character right when the next window is complete (hash mod 2^32). */
  private roll(end: number): void {
    const pos = this.hashPos;
    if (pos + 1 + this.p.chunkSize > end) {
      this.hashPos = -1;
      return;
    }
    const off = pos - this.base;
    const out = this.hist.charCodeAt(off);
    const inc = this.hist.charCodeAt(off + this.p.chunkSize);
    this.h1 = (Math.imul(this.h1 - Math.imul(out, this.pow1), B1) + inc) | 0;
    this.h2 = (Math.imul(this.h2 - Math.imul(out, this.pow2), B2) + inc) | 0;
    this.hashPos = pos + 1;
  }

  private sameChunk(a: number, b: number): boolean {
    // Two slices compared natively: about twice as fast as a charCodeAt loop over 50 characters.
    const x = a - this.base;
    const y = b - this.base;
    const size = this.p.chunkSize;
    return this.hist.substring(x, x + size) === this.hist.substring(y, y + size);
  }

  /** isLoopDetectedForChunk for the chunk at `next`. */
  private loopAt(): boolean {
    const pos = this.next;
    const h1 = this.h1;
    const h2 = this.h2;
    const mask = this.cap - 1;
    let slot = (h1 ^ Math.imul(h2, 0x9e3779b1)) & mask;
    let free = -1; // first dead slot on the probe path, reused for a new chunk
    while (this.gen[slot] === this.curGen) {
      const last = this.lastPos[slot];
      if (last < this.base) {
        if (free < 0) free = slot;
      } else if (this.k1[slot] === h1 && this.k2[slot] === h2 && this.sameChunk(last, pos)) {
        const at = pos & this.ringMask;
        if (last === pos) this.dupPos[at]++;
        else {
          this.prevPos[at] = last;
          this.dupPos[at] = 0;
          this.lastPos[slot] = pos;
        }
        return this.check(pos);
      }
      slot = (slot + 1) & mask;
    }
    // First live occurrence of this text.
    if (free < 0) {
      free = slot;
      this.used++;
    }
    this.gen[free] = this.curGen;
    this.k1[free] = h1;
    this.k2[free] = h2;
    this.lastPos[free] = pos;
    this.prevPos[pos & this.ringMask] = -1;
    this.dupPos[pos & this.ringMask] = 0;
    if (this.used * 2 > this.cap) this.rehash();
    return false;
  }

  /** The chunk at `pos` occurred again: Gemini's count, distance and period checks. */
  private check(pos: number): boolean {
    const { threshold, chunkSize } = this.p;
    // The last `threshold` live occurrences, newest first.
    const r = this.recent;
    let n = 0;
    for (let q = pos; n < threshold && q >= this.base; q = this.prevPos[q & this.ringMask])
      for (let c = this.dupPos[q & this.ringMask]; c >= 0 && n < threshold; c--) r[n++] = q;
    if (n < threshold) return false;
    const first = r[threshold - 1];
    const last = r[0];
    if ((last - first) / (threshold - 1) > chunkSize * this.p.maxDistanceChunks) return false;
    if (!this.p.checkPeriods) return true;
    // A true loop repeats the same text between occurrences; a list of items that only share a
    // prefix does not.
    const periods = new Set<string>();
    for (let i = threshold - 1; i > 0; i--) periods.add(this.hist.substring(r[i] - this.base, r[i - 1] - this.base));
    return periods.size <= Math.floor(threshold / 2);
  }

  /** Drops dead entries (all positions truncated away); grows the table when the live ones need it. */
  private rehash(): void {
    const { k1, k2, lastPos, gen, curGen, base } = this;
    let live = 0;
    for (let s = 0; s < this.cap; s++) if (gen[s] === curGen && lastPos[s] >= base) live++;
    const cap = live * 4 > this.cap ? this.cap * 2 : this.cap;
    this.cap = cap;
    this.k1 = new Int32Array(cap);
    this.k2 = new Int32Array(cap);
    this.lastPos = new Float64Array(cap);
    this.gen = new Int32Array(cap);
    this.curGen = 1;
    this.used = live;
    const mask = cap - 1;
    for (let s = 0; s < gen.length; s++) {
      if (gen[s] !== curGen || lastPos[s] < base) continue;
      let t = (k1[s] ^ Math.imul(k2[s], 0x9e3779b1)) & mask;
      while (this.gen[t] === 1) t = (t + 1) & mask;
      this.gen[t] = 1;
      this.k1[t] = k1[s];
      this.k2[t] = k2[s];
      this.lastPos[t] = lastPos[s];
    }
  }
}
