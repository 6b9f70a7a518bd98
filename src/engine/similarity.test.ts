import { distance } from 'fastest-levenshtein';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedLevenshtein,
  LevenshteinScratch,
  maxDistanceFor,
  textSimilarity,
  textSimilarityAbove,
} from './similarity';
import { fillProfile, lowerBoundOnTheFly, newProfile, profileLowerBound } from './text-profile';

/** Strings over a small alphabet so random pairs share a lot and distances stay interesting. */
const small = (max: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'é', '\n'), maxLength: max });
/** A string and a few random edits of it: near pairs, where the bounded cases matter. */
const nearPair = fc
  .tuple(small(300), fc.array(fc.tuple(fc.nat(), fc.nat(3), small(3)), { maxLength: 12 }))
  .map(([a, edits]) => {
    let b = a;
    for (const [at, del, ins] of edits) {
      const p = b.length ? at % (b.length + 1) : 0;
      b = b.slice(0, p) + ins + b.slice(p + del);
    }
    return [a, b] as const;
  });

describe('boundedLevenshtein', () => {
  it('equals min(distance, k + 1) of fastest-levenshtein on random strings', () => {
    fc.assert(
      fc.property(small(40), small(40), fc.nat(45), (a, b, k) => {
        const d = distance(a, b);
        expect(boundedLevenshtein(a, b, k)).toBe(d <= k ? d : k + 1);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same answers with one scratch reused across pairs and bounds, growing and shrinking', () => {
    const scratch = new LevenshteinScratch();
    fc.assert(
      fc.property(nearPair, fc.nat(120), ([a, b], k) => {
        const d = distance(a, b);
        expect(boundedLevenshtein(a, b, k, undefined, undefined, scratch)).toBe(d <= k ? d : k + 1);
      }),
      { numRuns: 500 },
    );
    // Grown past its first 64 entries by the large bounds above, and still right for a small one.
    expect(scratch.prev.length).toBeGreaterThan(64);
    expect(boundedLevenshtein('kitten', 'sitting', 5, undefined, undefined, scratch)).toBe(3);
  });

  it('equals min(distance, k + 1) on long near-equal pairs (prefilters and band active)', () => {
    fc.assert(
      fc.property(nearPair, fc.nat(120), ([a, b], k) => {
        const d = distance(a, b);
        expect(boundedLevenshtein(a, b, k)).toBe(d <= k ? d : k + 1);
      }),
      { numRuns: 1500 },
    );
  });

  it('gives the same answer with stored profiles as without', () => {
    fc.assert(
      fc.property(nearPair, fc.nat(120), ([a, b], k) => {
        const pa = fillProfile(a, newProfile());
        const pb = fillProfile(b, newProfile());
        expect(boundedLevenshtein(a, b, k, pa, pb)).toBe(boundedLevenshtein(a, b, k));
      }),
      { numRuns: 500 },
    );
  });

  it('known distances: kitten/sitting 3, empty strings, k = 0', () => {
    expect(boundedLevenshtein('kitten', 'sitting', 10)).toBe(3);
    expect(boundedLevenshtein('kitten', 'sitting', 2)).toBe(3); // k + 1: more than 2
    expect(boundedLevenshtein('', 'abc', 5)).toBe(3);
    expect(boundedLevenshtein('abc', 'abc', 0)).toBe(0);
    expect(boundedLevenshtein('abc', 'abd', 0)).toBe(1);
  });
});

describe('lower bounds', () => {
  it('never exceed the true distance (histogram and q-gram bounds)', () => {
    fc.assert(
      fc.property(small(200), small(200), (a, b) => {
        const d = distance(a, b);
        expect(profileLowerBound(fillProfile(a, newProfile()), fillProfile(b, newProfile()))).toBeLessThanOrEqual(d);
        expect(lowerBoundOnTheFly(a, 0, a.length, b, 0, b.length)).toBeLessThanOrEqual(d);
      }),
      { numRuns: 1500 },
    );
  });

  it('reject unrelated texts cheaply: the bound exceeds 10% of the length', () => {
    const a = 'abcdefghij'.repeat(30);
    const b = 'zyxwvutsrq'.repeat(30);
    expect(profileLowerBound(fillProfile(a, newProfile()), fillProfile(b, newProfile()))).toBeGreaterThan(30);
  });
});

describe("maxDistanceFor (the ChatLoop design's float formula 1 - d / maxLen > t)", () => {
  it('0.8 on length 10 allows distance 1, not 2 (1 - 2/10 = 0.8 is not > 0.8)', () => {
    expect(maxDistanceFor(0.8, 10)).toBe(1);
    expect(maxDistanceFor(0.8, 11)).toBe(2); // 1 - 2/11 = 0.818
    expect(maxDistanceFor(0.9, 100)).toBe(9);
    expect(maxDistanceFor(0.9, 5)).toBe(0);
    expect(maxDistanceFor(0.8, 0)).toBe(0);
  });

  it('agrees with the formula for every length and threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 99 }), (len, pct) => {
        const t = pct / 100;
        const k = maxDistanceFor(t, len);
        if (k >= 0) expect(1 - k / len > t).toBe(true);
        if (k < len) expect(1 - (k + 1) / len > t).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('textSimilarity (ChatLoop design: 1 - levenshtein / max len)', () => {
  it('"ls" vs "ls -la" is 1 - 4/6 = 0.333…: not similar at 0.8', () => {
    expect(textSimilarity('ls', 'ls -la')).toBe(1 - 4 / 6);
    expect(textSimilarityAbove('ls', 'ls -la', 0.8)).toBe(-1);
  });

  it('"ls -l" vs "ls -la" is 1 - 1/6 = 0.833…: similar at 0.8', () => {
    expect(textSimilarity('ls -l', 'ls -la')).toBe(1 - 1 / 6);
    expect(textSimilarityAbove('ls -l', 'ls -la', 0.8)).toBe(1 - 1 / 6);
  });

  it('"foo" vs "fo0" is 2/3 (the ChatLoop design\'s own search example is below 0.8)', () => {
    expect(textSimilarity('foo', 'fo0')).toBe(1 - 1 / 3);
    expect(textSimilarity('foo', 'f00')).toBe(1 - 2 / 3);
  });

  it('"src/main.rs" vs "src/main.ts" is 1 - 1/11 = 0.909…', () => {
    expect(textSimilarity('src/main.rs', 'src/main.ts')).toBe(1 - 1 / 11);
  });

  it('two empty strings are 1; exactly at the threshold is not above it', () => {
    expect(textSimilarity('', '')).toBe(1);
    expect(textSimilarityAbove('abcdefghij', 'abcdefghXY', 0.8)).toBe(-1); // exactly 0.8
    expect(textSimilarityAbove('abcdefghij', 'abcdefghiX', 0.8)).toBe(0.9);
  });

  it('textSimilarityAbove returns the exact value above the floor, -1 otherwise', () => {
    fc.assert(
      fc.property(small(60), small(60), fc.integer({ min: 0, max: 99 }), (a, b, pct) => {
        const t = pct / 100;
        const maxLen = Math.max(a.length, b.length);
        const exact = maxLen === 0 ? 1 : 1 - distance(a, b) / maxLen;
        expect(textSimilarityAbove(a, b, t)).toBe(exact > t ? exact : -1);
      }),
      { numRuns: 2000 },
    );
  });
});
