/**
 * Cheap lower bounds on the Levenshtein distance, used to reject dissimilar long texts before
 * any DP. Both stay valid when characters or q-grams share a bucket (merging only weakens them):
 * - character histogram: an edit changes one count by one on each side at most, so
 *   distance >= max(sum of surpluses, sum of deficits);
 * - q-gram lemma: one edit destroys at most q q-grams, so
 *   distance >= ceil((max(|a|, |b|) - q + 1 - common q-grams) / q).
 */

const H = 256;
const Q = 2048;
const QMASK = Q - 1;
const q = 3;

/** Bucket counts of one text, built once per text and compared in O(buckets). */
export interface TextProfile {
  len: number;
  hist: Int32Array;
  grams: Int32Array;
}

export function newProfile(): TextProfile {
  return { len: 0, hist: new Int32Array(H), grams: new Int32Array(Q) };
}

/** Fills `into` (reused, so a window of profiles allocates nothing per call). */
export function fillProfile(text: string, into: TextProfile): TextProfile {
  into.hist.fill(0);
  into.grams.fill(0);
  into.len = text.length;
  addCounts(text, 0, text.length, into.hist, into.grams, 1);
  return into;
}

function addCounts(t: string, from: number, to: number, hist: Int32Array, grams: Int32Array, sign: number): void {
  let c1 = 0;
  let c2 = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i);
    hist[c & 0xff] += sign;
    if (i - from >= q - 1) grams[(c2 * 961 + c1 * 31 + c) & QMASK] += sign;
    c2 = c1;
    c1 = c;
  }
}

function gramCount(len: number): number {
  return len >= q ? len - q + 1 : 0;
}

function bound(lenA: number, lenB: number, histL1: number, gramL1: number): number {
  // max(surplus, deficit) = (L1 + |lenA - lenB|) / 2
  const hb = (histL1 + Math.abs(lenA - lenB)) / 2;
  const ga = gramCount(lenA);
  const gb = gramCount(lenB);
  const common = (ga + gb - gramL1) / 2;
  const maxLen = lenA > lenB ? lenA : lenB;
  const qb = Math.ceil((maxLen - q + 1 - common) / q);
  return hb > qb ? hb : qb;
}

/** A lower bound on the distance of the two profiled texts. */
export function profileLowerBound(a: TextProfile, b: TextProfile): number {
  let hl1 = 0;
  for (let i = 0; i < H; i++) {
    const d = a.hist[i] - b.hist[i];
    hl1 += d < 0 ? -d : d;
  }
  let gl1 = 0;
  const ga = a.grams;
  const gb = b.grams;
  for (let i = 0; i < Q; i++) {
    const d = ga[i] - gb[i];
    gl1 += d < 0 ? -d : d;
  }
  return bound(a.len, b.len, hl1, gl1);
}

const scratchHist = new Int32Array(H);
const scratchGrams = new Int32Array(Q);

/** The same bound for two slices without stored profiles: one difference array, then zeroed. */
export function lowerBoundOnTheFly(
  a: string,
  fromA: number,
  toA: number,
  b: string,
  fromB: number,
  toB: number,
): number {
  addCounts(a, fromA, toA, scratchHist, scratchGrams, 1);
  addCounts(b, fromB, toB, scratchHist, scratchGrams, -1);
  let hl1 = 0;
  for (let i = 0; i < H; i++) {
    const d = scratchHist[i];
    hl1 += d < 0 ? -d : d;
  }
  let gl1 = 0;
  for (let i = 0; i < Q; i++) {
    const d = scratchGrams[i];
    gl1 += d < 0 ? -d : d;
  }
  scratchHist.fill(0);
  scratchGrams.fill(0);
  return bound(toA - fromA, toB - fromB, hl1, gl1);
}
