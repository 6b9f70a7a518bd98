/**
 * The ChatLoop design's `result_similarity`: two empty results or equal results score 1; two results that
 * both parse as JSON are compared structurally (the design's `json_similarity` is not shown: we use
 * its `arguments_similarity`); otherwise the normalised Levenshtein of the texts.
 *
 * A ResultSlot caches per result what every comparison would otherwise redo: the parsed JSON
 * (parsed lazily, only when the text can be JSON) and the text profile for long texts.
 */
import type { Json } from '../model/transcript';
import { similarityAbove } from './json-similarity';
import { maxDistanceFor, textSimilarityAbove, type LevenshteinScratch } from './similarity';
import { fillProfile, newProfile, profileExceeds, type TextProfile } from './text-profile';

/** Texts shorter than this are compared without a stored profile (the DP is cheap for them). */
const PROFILE_MIN = 256;

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export class ResultSlot {
  content = '';
  isError = false;
  private jsonState = 0; // 0 untried, 1 parsed, 2 not JSON
  private json: Json = null;
  private profile: TextProfile | null = null;
  private profiled = false;

  set(content: string, isError: boolean): void {
    this.content = content;
    this.isError = isError;
    this.jsonState = 0;
    this.json = null;
    this.profiled = false;
  }

  /** The parsed value, or undefined when the text is not JSON (as serde_json would decide). */
  parsed(): Json | undefined {
    if (this.jsonState === 0) {
      this.jsonState = 2;
      if (mayBeJson(this.content)) {
        try {
          this.json = JSON.parse(this.content) as Json;
          this.jsonState = 1;
        } catch {
          // not JSON: compared as text
        }
      }
    }
    return this.jsonState === 1 ? this.json : undefined;
  }

  textProfile(): TextProfile | undefined {
    if (this.content.length < PROFILE_MIN) return undefined;
    if (!this.profiled) {
      this.profile = fillProfile(this.content, this.profile ?? newProfile(), true);
      this.profiled = true;
    }
    return this.profile!;
  }
}

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Cheap test that rules out texts JSON.parse would reject, so most plain text never throws. */
export function mayBeJson(s: string): boolean {
  let i = 0;
  let j = s.length - 1;
  while (i <= j && isWs(s.charCodeAt(i))) i++;
  while (j >= i && isWs(s.charCodeAt(j))) j--;
  if (i > j) return false;
  const first = s.charCodeAt(i);
  const last = s.charCodeAt(j);
  if (first === 123) return last === 125; // { }
  if (first === 91) return last === 93; // [ ]
  if (first === 34) return last === 34 && j > i; // " "
  const t = i === 0 && j === s.length - 1 ? s : s.slice(i, j + 1);
  if (first === 116) return t === 'true';
  if (first === 102) return t === 'false';
  if (first === 110) return t === 'null';
  if (first === 45 || (first >= 48 && first <= 57)) return t.length < 400 && NUMBER.test(t);
  return false;
}

/**
 * The cheap part of the comparison: 1 when the results are surely similar (equal texts), -1 when
 * surely not (length or profile bound), 0 when only the full comparison can tell.
 */
export function resultPrefilter(a: ResultSlot, b: ResultSlot, threshold: number): number {
  if (a.content === b.content) return 1 > threshold ? 1 : -1;
  if (a.parsed() !== undefined && b.parsed() !== undefined) return 0;
  const la = a.content.length;
  const lb = b.content.length;
  const maxLen = la > lb ? la : lb;
  // The distance is at least the length difference.
  if (!(1 - Math.abs(la - lb) / maxLen > threshold)) return -1;
  const k = maxDistanceFor(threshold, maxLen);
  if (k < 0) return -1;
  const pa = a.textProfile();
  const pb = b.textProfile();
  if (pa && pb && profileExceeds(pa, pb, k)) return -1;
  return 0;
}

/**
 * The ChatLoop design's result similarity if it is > threshold (structural fields use the same
 * threshold), else -1.
 */
export function resultSimilarityAbove(
  a: ResultSlot,
  b: ResultSlot,
  threshold: number,
  scratch: LevenshteinScratch,
): number {
  if (a.content === b.content) return 1 > threshold ? 1 : -1;
  const ja = a.parsed();
  if (ja !== undefined) {
    const jb = b.parsed();
    if (jb !== undefined) return similarityAbove(ja, jb, threshold, threshold, scratch);
  }
  return textSimilarityAbove(a.content, b.content, threshold, a.textProfile(), b.textProfile(), scratch);
}
