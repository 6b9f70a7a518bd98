import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillProfile, newProfile, profileExceeds, profileLowerBound } from './text-profile';

describe('profileExceeds (staged, lazily counted q-grams)', () => {
  it('gives the same answer as profileLowerBound(a, b) > k', () => {
    const text = fc.oneof(fc.string({ maxLength: 400 }), fc.stringMatching(/^[ab\n ]{0,600}$/));
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 300 }), fc.boolean(), (a, b, k, defer) => {
        const pa = fillProfile(a, newProfile(), defer);
        const pb = fillProfile(b, newProfile(), defer);
        expect(profileExceeds(pa, pb, k)).toBe(
          profileLowerBound(fillProfile(a, newProfile()), fillProfile(b, newProfile())) > k,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a reused profile is refilled: no count of the previous text survives', () => {
    const p = newProfile();
    fillProfile('x'.repeat(500), p);
    fillProfile('abc'.repeat(100), p, true);
    expect(profileLowerBound(p, fillProfile('abc'.repeat(100), newProfile()))).toBe(0);
  });
});
