/**
 * Normalised Levenshtein similarity (ChatLoop levels 3-4) with a bounded distance: callers only
 * ever ask "is the similarity above t?", so the distance is computed only up to the largest k that
 * still passes, and cheap lower bounds reject most pairs before any DP runs. Every answer equals
 * the unbounded computation (similarity.test.ts checks it against fastest-levenshtein).
 *
 * Lengths and distances are in UTF-16 code units, like fastest-levenshtein. (The ChatLoop design's
 * Rust mixes strsim's char distance with byte length; for ASCII all three agree.)
 */
import { lowerBoundOnTheFly, profileExceeds, type TextProfile } from './text-profile';

const NEG = -0x40000000;

/**
 * The distance's two working rows, reused from one comparison to the next (most are short, and a
 * replay compares millions of pairs): each detector owns one, so no state is shared across runs.
 */
export class LevenshteinScratch {
  prev = new Int32Array(64);
  cur = new Int32Array(64);

  /** Rows of at least `size` entries. */
  reserve(size: number): void {
    if (this.prev.length >= size) return;
    this.prev = new Int32Array(size * 2);
    this.cur = new Int32Array(size * 2);
  }
}

/**
 * Levenshtein distance of a and b if it is at most k, otherwise k + 1.
 * Ukkonen's diagonal-transition algorithm: level e holds, for each diagonal, the furthest row
 * reachable with e edits; only diagonals that can still reach the end within k are kept, so the
 * work is O(k^2 + n) for near-equal strings and O(k^2) to prove "more than k".
 */
export function boundedLevenshtein(
  a: string,
  b: string,
  k: number,
  pa?: TextProfile,
  pb?: TextProfile,
  scratch = new LevenshteinScratch(),
): number {
  if (k < 0) k = 0; // callers never ask for less than 0; treat it as "equal or not"
  let n = a.length;
  let m = b.length;
  if (n - m > k || m - n > k) return k + 1;
  if (a === b) return 0;
  // Common prefix and suffix never change the distance.
  let s = 0;
  const lim = n < m ? n : m;
  while (s < lim && a.charCodeAt(s) === b.charCodeAt(s)) s++;
  let ea = n;
  let eb = m;
  while (ea > s && eb > s && a.charCodeAt(ea - 1) === b.charCodeAt(eb - 1)) {
    ea--;
    eb--;
  }
  n = ea - s;
  m = eb - s;
  if (n === 0) return m; // |m - n| <= k checked above
  if (m === 0) return n;
  if (n === 1 && m === 1) return 1;
  // Lower bounds cost O(n) (or O(buckets) with stored profiles); worth it only when k^2 is large.
  if (k * k > 2 * (n + m) && k > 8) {
    if (pa && pb ? profileExceeds(pa, pb, k) : lowerBoundOnTheFly(a, s, ea, b, s, eb) > k) return k + 1;
  }
  return diagonalTransition(a, b, s, n, m, k, scratch);
}

function diagonalTransition(
  a: string,
  b: string,
  s: number,
  n: number,
  m: number,
  k: number,
  scratch: LevenshteinScratch,
): number {
  scratch.reserve(2 * k + 5);
  let prev = scratch.prev;
  let cur = scratch.cur;
  const off = k + 2;
  const target = m - n;
  // Level 0: slide along the main diagonal.
  let i0 = 0;
  while (i0 < n && i0 < m && a.charCodeAt(s + i0) === b.charCodeAt(s + i0)) i0++;
  if (target === 0 && i0 === n) return 0;
  prev[off] = i0;
  // Two unreachable diagonals on each side, so the next level reads no stale entries.
  prev[off - 1] = prev[off - 2] = prev[off + 1] = prev[off + 2] = NEG;
  for (let e = 1; e <= k; e++) {
    const rest = k - e;
    // Diagonals reachable with e edits that can still reach the target diagonal within k.
    let lo = -e;
    if (target - rest > lo) lo = target - rest;
    if (-n > lo) lo = -n;
    let hi = e;
    if (target + rest < hi) hi = target + rest;
    if (m < hi) hi = m;
    if (lo > hi) return k + 1;
    for (let d = lo; d <= hi; d++) {
      const x = d + off;
      let i = prev[x] + 1; // substitution
      const del = prev[x + 1] + 1; // deletion from a
      if (del > i) i = del;
      const ins = prev[x - 1]; // insertion into a
      if (ins > i) i = ins;
      if (i > n) i = n;
      if (i + d > m) i = m - d;
      if (i >= 0) {
        let j = i + d;
        while (i < n && j < m && a.charCodeAt(s + i) === b.charCodeAt(s + j)) {
          i++;
          j++;
        }
        if (d === target && i === n) return e;
      }
      cur[x] = i;
    }
    cur[lo + off - 1] = cur[lo + off - 2] = cur[hi + off + 1] = cur[hi + off + 2] = NEG;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return k + 1;
}

/**
 * The largest distance d with `1 - d / maxLen > threshold`, evaluated in floating point exactly as
 * the ChatLoop design does (so 0.8 on length 10 allows 1, not 2). -1 when even d = 0 fails.
 */
export function maxDistanceFor(threshold: number, maxLen: number): number {
  if (maxLen === 0) return 1 > threshold ? 0 : -1;
  let k = Math.floor((1 - threshold) * maxLen);
  if (k > maxLen) k = maxLen;
  if (k < -1) k = -1;
  while (k >= 0 && !(1 - k / maxLen > threshold)) k--;
  while (k < maxLen && 1 - (k + 1) / maxLen > threshold) k++;
  return k;
}

/**
 * The ChatLoop design's normalised similarity: 1 - distance / max(len), 1 for two empty strings
 * (unbounded).
 */
export function textSimilarity(a: string, b: string, scratch = new LevenshteinScratch()): number {
  const maxLen = a.length > b.length ? a.length : b.length;
  if (maxLen === 0) return 1;
  return 1 - boundedLevenshtein(a, b, maxLen, undefined, undefined, scratch) / maxLen;
}

/**
 * The ChatLoop design's similarity of two strings if it exceeds `floor`, otherwise -1. The returned
 * value is exactly that design's formula, so callers may compare it with their own threshold.
 */
export function textSimilarityAbove(
  a: string,
  b: string,
  floor: number,
  pa?: TextProfile,
  pb?: TextProfile,
  scratch = new LevenshteinScratch(),
): number {
  const maxLen = a.length > b.length ? a.length : b.length;
  if (maxLen === 0) return 1 > floor ? 1 : -1;
  const k = maxDistanceFor(floor, maxLen);
  if (k < 0) return -1;
  const d = boundedLevenshtein(a, b, k, pa, pb, scratch);
  return d > k ? -1 : 1 - d / maxLen;
}
