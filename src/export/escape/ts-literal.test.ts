import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from './hostile-strings.test-util';
import { NonFiniteNumberError } from './number';
import { tsStringBody, tsValue } from './ts-literal';

describe('TypeScript literals', () => {
  it('writes JSON in printable ASCII, comment-safe and import-free', () => {
    expect(tsValue({ n: 'é\u2028*/ import x', v: [1, 'a\nb'] }, 2)).toBe(
      '{\n  "n": "\\u00e9\\u2028*\\/ \\u0069mport x",\n  "v": [\n    1,\n    "a\\nb"\n  ]\n}',
    );
    expect(tsStringBody('\ud800\x1b')).toBe('\\ud800\\u001b');
    expect(() => tsValue({ version: Infinity })).toThrow(NonFiniteNumberError);
  });

  it('property: any value reads back as JavaScript, and its strings hold nothing that ends a comment or a line', () => {
    fc.assert(
      fc.property(fc.dictionary(hostileString, fc.oneof(hostileString, fc.array(hostileString))), (v) => {
        const text = tsValue(v, 2);
        expect(text).toMatch(/^[\x20-\x7e\n]*$/);
        expect(text).not.toMatch(/\*\/|\bimport\b/);
        expect(new Function(`return ${text};`)()).toEqual(v);
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });
});
