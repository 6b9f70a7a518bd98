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
/** The gram counts folded into H buckets: a 256-step first look before the 2048-step one. */
const FOLD = H - 1;
const q = 3;

/**
 * Bucket counts of one text, built once per text and compared in O(buckets). The histogram is
 * filled at once; the q-gram counts only when a comparison needs them (the histogram alone
 * settles most pairs of unrelated texts, and counting grams is the costlier pass).
 */
export interface TextProfile {
  len: number;
  hist: Int32Array;
  grams: Int32Array;
  /** grams folded: folded[i] = sum of grams[j] with j & 255 = i (a weaker, cheaper bound). */
  folded: Int32Array;
  /** The text, kept for the deferred gram count. */
  text: string;
  gramsReady: boolean;
}

export function newProfile(): TextProfile {
  return {
    len: 0,
    hist: new Int32Array(H),
    grams: new Int32Array(Q),
    folded: new Int32Array(H),
    text: '',
    gramsReady: false,
  };
}

/** Fills `into` (reused, so a window of profiles allocates nothing per call). */
export function fillProfile(text: string, into: TextProfile, deferGrams = false): TextProfile {
  const hist = into.hist;
  hist.fill(0);
  into.len = text.length;
  into.text = text;
  into.gramsReady = false;
  for (let i = 0; i < text.length; i++) hist[text.charCodeAt(i) & 0xff]++;
  if (!deferGrams) ensureGrams(into);
  return into;
}

function ensureGrams(p: TextProfile): void {
  if (p.gramsReady) return;
  const g = p.grams;
  const t = p.text;
  g.fill(0);
  let c1 = 0;
  let c2 = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (i >= q - 1) g[(c2 * 961 + c1 * 31 + c) & QMASK]++;
    c2 = c1;
    c1 = c;
  }
  const f = p.folded;
  for (let i = 0; i < H; i++) f[i] = g[i];
  for (let i = H; i < Q; i++) f[i & FOLD] += g[i];
  p.gramsReady = true;
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
  ensureGrams(a);
  ensureGrams(b);
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

function l1(a: Int32Array, b: Int32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const d = a[i] - b[i];
    sum += d < 0 ? -d : d;
  }
  return sum;
}

/**
 * Whether profileLowerBound(a, b) > k, usually without computing all of it: a partial or
 * folded L1 is a weaker bound, so once it exceeds k the full one does too; the answer is
 * always the same as the full computation's.
 */
export function profileExceeds(a: TextProfile, b: TextProfile, k: number): boolean {
  const hl1 = l1(a.hist, b.hist, 0, H);
  if (bound(a.len, b.len, hl1, 0) > k) return true;
  ensureGrams(a);
  ensureGrams(b);
  if (bound(a.len, b.len, hl1, l1(a.folded, b.folded, 0, H)) > k) return true;
  let gl1 = 0;
  for (let from = 0; from < Q; from += 512) {
    gl1 += l1(a.grams, b.grams, from, from + 512);
    if (bound(a.len, b.len, hl1, gl1) > k) return true;
  }
  return false;
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
