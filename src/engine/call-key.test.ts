/**
 * callKey (call-key.ts) routes calls to comparisons: equal fingerprints must always share a key
 * (or sameExact would call two equal calls different), and distinct calls should rarely share one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../model/transcript';
import { callKey } from './call-key';
import { LazyCallView, sameExact } from './call-view';
import { exactFingerprint } from './fingerprint';
import { nestedValue, objectKey, reordered } from './json-values.test-util';

const str = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ minLength: 40, maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('"', '\\', '\n\t\r\b\f\v\0\x1f\x7f', '\ud800', 'a\ud83d\ude00b', 'é'),
);
const key = objectKey(str);
const leaf = fc.oneof(
  str,
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 5e-324, NaN, Infinity, true, false, null, undefined),
  fc.constant(new Date(0)),
  fc.constant(() => 1),
);
const value = nestedValue(leaf, key);

const keyOf = (name: string, v: unknown) => ({ ...callKey(name, v as Json, { hash: 0, size: 0 }) });

describe('callKey', () => {
  it('is the same for equal fingerprints: keys reordered, or the value read back from its text', () => {
    const pair = fc.oneof(
      value.map((v) => [v, reordered(v)] as const),
      value.map((v) => [v, JSON.parse(exactFingerprint('x', v as Json).slice(2))] as const),
      fc.tuple(value, value),
    );
    fc.assert(
      fc.property(fc.constantFrom('bash', 'read', ''), pair, (name, [a, b]) => {
        if (exactFingerprint(name, a as Json) === exactFingerprint(name, b as Json))
          expect(keyOf(name, a)).toEqual(keyOf(name, b));
      }),
      { numRuns: 4000 },
    );
  });

  it('tells apart what calls differ in: paths, commands, long contents, key names, value types', () => {
    const long = 'x'.repeat(3000);
    const calls: [string, unknown][] = [
      ['read', { path: 'src/a.ts' }],
      ['read', { path: 'src/b.ts' }],
      ['read', { file: 'src/a.ts' }],
      ['edit', { path: 'src/a.ts' }],
      ['bash', { command: 'npm test' }],
      ['bash', { command: 'npm  test' }],
      ['write', { path: 'a', content: long }],
      ['write', { path: 'a', content: long + 'y' }],
      ['write', { path: 'a', content: 'y' + long.slice(1) }],
      ['grep', { pattern: 'a', path: 'b' }],
      ['grep', { pattern: 'b', path: 'a' }],
      ['view', { line: 1 }],
      ['view', { line: '1' }],
      ['view', { line: 1.5 }],
      ['view', { line: [1] }],
      ['view', { line: null }],
      ['view', { line: true }],
      ['view', {}],
    ];
    const hashes = new Set(calls.map(([n, a]) => keyOf(n, a).hash));
    expect(hashes.size).toBe(calls.length);
  });

  it('samples long strings: a change between samples shares the key, and sameExact still tells the calls apart', () => {
    const long = 'x'.repeat(3000);
    const a = new LazyCallView(1, 1, 'write', { path: 'a', content: long }, undefined, undefined);
    const b = new LazyCallView(
      1,
      2,
      'write',
      { path: 'a', content: long.slice(0, 1500) + 'y' + long.slice(1501) },
      undefined,
      undefined,
    );
    expect(a.exactHash).toBe(b.exactHash);
    expect(sameExact(a, b)).toBe(false);
    expect(sameExact(a, new LazyCallView(1, 3, 'write', { content: long, path: 'a' }, undefined, undefined))).toBe(
      true,
    );
  });

  it('has a size near the fingerprint length', () => {
    const args = { command: 'npm test', cwd: '/repo' };
    expect(keyOf('bash', args).size).toBe(exactFingerprint('bash', args).length);
  });
});
