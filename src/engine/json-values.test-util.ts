/**
 * Arbitrary JSON-ish values for the property tests of the key and comparison functions
 * (call-key.test.ts, fingerprint-hash.test.ts): strings with quotes, backslashes, control
 * characters, lone and paired surrogates; odd numbers; Dates; keys such as `__proto__`; objects
 * with and without a prototype. Each test gives its own leaves.
 */
import fc from 'fast-check';

export const objectKey = (str: fc.Arbitrary<string>) =>
  fc.oneof(str, fc.constantFrom('1', '10', '2', '__proto__', 'toJSON', 'a', 'b'));

/** Values nested up to a small depth from `leaf`, keys from `key`. */
export function nestedValue(leaf: fc.Arbitrary<unknown>, key: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('v'), { maxLength: 4 }),
      fc.dictionary(key, tie('v'), { maxKeys: 4 }),
      fc.dictionary(key, tie('v'), { maxKeys: 4, noNullPrototype: false }),
    ),
  })).v;
}

/** The same value rebuilt with its keys in another order. */
export function reordered(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || v instanceof Date) return v;
  if (Array.isArray(v)) return v.map(reordered);
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = Object.getPrototypeOf(o) === null ? Object.create(null) : {};
  for (const k of Object.keys(o).reverse())
    Object.defineProperty(out, k, { value: reordered(o[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
