/**
 * sameJson (fingerprint-hash.ts) stands for comparing fingerprint texts without building
 * them: it must answer exactly as the texts would, on any value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../model/transcript';
import { canonicalJson } from './fingerprint';
import { sameJson } from './fingerprint-hash';
import { nestedValue, objectKey, reordered } from './json-values.test-util';

/** Strings with quotes, backslashes, control characters, lone and paired surrogates, emoji. */
const str = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('"', '\\', '\n\t\r\b\f\v\0\x1f\x7f', '\ud800', '\udc00x', 'a\ud83d\ude00b', '\u2028', 'é'),
);
const key = objectKey(str);
const leaf = fc.oneof(
  str,
  fc.double(),
  fc.constantFrom(0, -0, 1e21, 5e-324, NaN, Infinity, true, false, null, undefined),
  fc.constant(new Date(0)),
);
const value = nestedValue(leaf, key);

describe('sameJson', () => {
  it('answers as comparing canonical texts would', () => {
    const pair = fc.oneof(
      fc.tuple(value, value),
      value.map((v) => [v, reordered(v)] as const),
      value.map((v) => [v, JSON.parse(JSON.stringify(v) ?? 'null')] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameJson(a as Json, b as Json)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 5000 },
    );
  });

  it('tells apart and matches plain arguments', () => {
    expect(sameJson({ path: 'a.ts', limit: 5 }, { limit: 5, path: 'a.ts' })).toBe(true);
    expect(sameJson({ path: 'a.ts' }, { path: 'a.ts', limit: 5 })).toBe(false);
    expect(sameJson({ path: 'a.ts', x: undefined } as unknown as Json, { path: 'a.ts' })).toBe(true);
    expect(sameJson([1, 'a'], [1, 'b'])).toBe(false);
    expect(sameJson({ n: 0 }, { n: -0 })).toBe(true);
    expect(sameJson({ n: NaN } as unknown as Json, { n: null })).toBe(true);
  });
});
