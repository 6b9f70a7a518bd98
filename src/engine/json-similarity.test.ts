import { distance } from 'fastest-levenshtein';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../model/transcript';
import { argumentsSimilarity, similarityAbove } from './json-similarity';
import { LevenshteinScratch } from './similarity';

/** One for the whole file: reuse across comparisons of every size must not change an answer. */
const scratch = new LevenshteinScratch();

/** The ChatLoop design's arguments_similarity transcribed literally (unbounded), as the oracle. */
function oracle(a: Json, b: Json, field = 0.8): number {
  if (typeof a === 'string' && typeof b === 'string') {
    const m = Math.max(a.length, b.length);
    return m === 0 ? 1 : 1 - distance(a, b) / m;
  }
  const isObj = (v: Json): v is { [k: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    if (keys.size === 0) return 1; // resolved: the design's 0/0
    let matching = 0;
    for (const k of keys) if (k in a && k in b && oracle(a[k], b[k], field) > field) matching++;
    return matching / keys.size;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return 0;
    if (a.length === 0) return 1; // resolved: the design's 0/0
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += oracle(a[i], b[i], field);
    return sum / a.length;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? 1 : 0;
}

const str = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', '.'), maxLength: 14 });
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    str,
    fc.integer({ min: 0, max: 3 }),
    fc.constantFrom(true, null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('path', 'command', 'q', 'n'), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A value and a slightly changed copy, so similar pairs are common. */
function mutate(v: Json, r: number): Json {
  if (typeof v === 'string') return r % 3 === 0 ? v + 'x' : v;
  if (Array.isArray(v)) return v.map((x, i) => mutate(x, r + i));
  if (v !== null && typeof v === 'object') {
    const o: { [k: string]: Json } = {};
    for (const [k, x] of Object.entries(v)) o[k] = mutate(x, r + k.length);
    return o;
  }
  return v;
}

describe('argumentsSimilarity (ChatLoop level 3)', () => {
  it('"ls" vs "ls -la" as a command field: 0.333 is not > 0.8, so the object scores 0/1', () => {
    expect(argumentsSimilarity({ command: 'ls' }, { command: 'ls -la' })).toBe(0);
    expect(argumentsSimilarity('ls', 'ls -la')).toBe(1 - 4 / 6);
  });

  it('one close field of two: 1/2; both close: 1', () => {
    expect(argumentsSimilarity({ path: 'src/main.rs', content: 'a' }, { path: 'src/main.ts', content: 'b' })).toBe(0.5);
    expect(argumentsSimilarity({ path: 'src/main.rs', n: 1 }, { path: 'src/main.ts', n: 1 })).toBe(1);
  });

  it('keys missing on one side count in the union but never match', () => {
    expect(argumentsSimilarity({ path: 'a' }, { path: 'a', recursive: true })).toBe(0.5);
  });

  it('arrays: mean of element similarities; different lengths score 0', () => {
    expect(argumentsSimilarity(['ls', 'abc'], ['ls', 'abd'])).toBe((1 + (1 - 1 / 3)) / 2);
    expect(argumentsSimilarity(['a'], ['a', 'b'])).toBe(0);
  });

  it('other values: equal 1, different 0, mismatched types 0', () => {
    expect(argumentsSimilarity(3, 3)).toBe(1);
    expect(argumentsSimilarity(3, 4)).toBe(0);
    expect(argumentsSimilarity('3', 3)).toBe(0);
    expect(argumentsSimilarity(null, null)).toBe(1);
    expect(argumentsSimilarity([], {})).toBe(0);
  });

  it('two empty objects or arrays score 1 (resolved: the ChatLoop design computes 0/0)', () => {
    expect(argumentsSimilarity({}, {})).toBe(1);
    expect(argumentsSimilarity([], [])).toBe(1);
  });

  it('the field threshold is strict: a field at exactly 0.8 does not match', () => {
    expect(argumentsSimilarity({ q: 'abcdefghij' }, { q: 'abcdefghXY' })).toBe(0);
    expect(argumentsSimilarity({ q: 'abcdefghij' }, { q: 'abcdefghXY' }, 0.75)).toBe(1);
  });

  it('equals the literal transcription of the ChatLoop design on random JSON', () => {
    fc.assert(
      fc.property(json, fc.nat(), (a, r) => {
        const b = mutate(a, r);
        expect(argumentsSimilarity(a, b)).toBe(oracle(a, b));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('similarityAbove (early exits never change the answer)', () => {
  it('returns the exact similarity when it is above the floor, -1 otherwise', () => {
    fc.assert(
      fc.property(json, fc.nat(), fc.integer({ min: 0, max: 99 }), (a, r, pct) => {
        const b = r % 4 === 0 ? mutate(mutate(a, r), r + 1) : mutate(a, r);
        const floor = pct / 100;
        const exact = oracle(a, b, 0.8);
        expect(similarityAbove(a, b, floor, 0.8, scratch)).toBe(exact > floor ? exact : -1);
      }),
      { numRuns: 3000 },
    );
  });
});
