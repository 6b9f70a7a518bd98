/**
 * The ChatLoop design's `arguments_similarity`, recursive over JSON, exactly as the design writes it:
 * - two strings: 1 - levenshtein / max(len) (1 when both are empty);
 * - two objects: the share of keys (union of both key sets) present in both whose values have
 *   similarity > fieldThreshold (the design hard-codes 0.8);
 * - two arrays: 0 when the lengths differ, else the mean of the element similarities;
 * - anything else: 1 when equal, else 0.
 * Two resolved gaps: two empty objects or two empty arrays are 0 / 0 in the design (NaN in Rust,
 * so "not similar"); here they are identical and score 1.
 *
 * `similarityAbove` returns the same value but may stop early: the exact value when it is above
 * `floor`, otherwise -1. Early exits only ever cut work whose outcome is already decided.
 */
import type { Json } from '../model/transcript';
import { LevenshteinScratch, textSimilarity, textSimilarityAbove } from './similarity';

/** Slack for the early exits of arrays: an exit needs the bound to fail by more than float noise. */
const SLACK = 1e-9;

function isObject(v: Json): v is { [key: string]: Json } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The unbounded similarity (for tests and display). */
export function argumentsSimilarity(a: Json, b: Json, fieldThreshold = 0.8): number {
  const v = similarityAbove(a, b, -Infinity, fieldThreshold, new LevenshteinScratch());
  return v < 0 ? 0 : v;
}

/** Exact similarity if it is > floor, otherwise -1; `scratch` is the caller's, reused across calls. */
export function similarityAbove(
  a: Json,
  b: Json,
  floor: number,
  fieldThreshold: number,
  scratch: LevenshteinScratch,
): number {
  if (typeof a === 'string') {
    if (typeof b !== 'string') return 0 > floor ? 0 : -1;
    if (floor === -Infinity) return textSimilarity(a, b, scratch);
    return textSimilarityAbove(a, b, floor, undefined, undefined, scratch);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return 0 > floor ? 0 : -1;
    return arraySimilarity(a, b, floor, fieldThreshold, scratch);
  }
  if (isObject(a)) {
    if (!isObject(b)) return 0 > floor ? 0 : -1;
    return objectSimilarity(a, b, floor, fieldThreshold, scratch);
  }
  const v = a === b ? 1 : 0;
  return v > floor ? v : -1;
}

function arraySimilarity(a: Json[], b: Json[], floor: number, field: number, scratch: LevenshteinScratch): number {
  const n = a.length;
  if (n !== b.length) return 0 > floor ? 0 : -1;
  if (n === 0) return 1 > floor ? 1 : -1;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    // The elements after i add at most 1 each: element i must make up the rest of floor * n.
    const need = floor === -Infinity ? -Infinity : floor * n - sum - (n - i - 1) - SLACK;
    const s = need < 0 ? exact(a[i], b[i], field, scratch) : similarityAbove(a[i], b[i], need, field, scratch);
    if (s < 0) return -1;
    sum += s;
  }
  const v = sum / n;
  return v > floor ? v : -1;
}

function exact(a: Json, b: Json, field: number, scratch: LevenshteinScratch): number {
  const v = similarityAbove(a, b, -Infinity, field, scratch);
  return v < 0 ? 0 : v;
}

function objectSimilarity(
  a: { [key: string]: Json },
  b: { [key: string]: Json },
  floor: number,
  field: number,
  scratch: LevenshteinScratch,
): number {
  let total = 0;
  let common = 0;
  for (const k in a) {
    total++;
    if (Object.prototype.hasOwnProperty.call(b, k)) common++;
  }
  for (const k in b) if (!Object.prototype.hasOwnProperty.call(a, k)) total++;
  if (total === 0) return 1 > floor ? 1 : -1;
  // Even if every shared key matched, could the share beat floor?
  if (!(common / total > floor)) return -1;
  let matching = 0;
  let left = common;
  for (const k in a) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) continue;
    left--;
    if (similarityAbove(a[k], b[k], field, field, scratch) > field) matching++;
    else if (!((matching + left) / total > floor)) return -1;
  }
  const v = matching / total;
  return v > floor ? v : -1;
}
