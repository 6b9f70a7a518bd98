import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from './hostile-strings.test-util';
import { NonFiniteNumberError } from './number';
import { pyString, pyStringBody, pyValue } from './python-literal';

/** Each literal as python3's ast.literal_eval reads it, in one process. */
function evalAll(literals: string[]): unknown[] {
  const script = 'import ast, json, sys\nprint(json.dumps([ast.literal_eval(l) for l in json.load(sys.stdin)]))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(literals), encoding: 'utf8' }));
}

describe('Python literals', () => {
  it('escapes quotes, backslashes, controls and every non-ASCII character by code point', () => {
    expect(pyString('a"b\\c\n\r\t')).toBe('"a\\"b\\\\c\\n\\r\\t"');
    expect(pyStringBody('\\N{DASH} \\U0001 \\x4')).toBe('\\\\N{DASH} \\\\U0001 \\\\x4');
    expect(pyStringBody('\0\x1b\x7f\u0085é')).toBe('\\x00\\x1b\\x7f\\x85\\xe9');
    expect(pyStringBody('\u2028\ud83d\ude00\ud800')).toBe('\\u2028\\U0001f600\\ud800');
    expect(pyStringBody('"""')).toBe('\\"\\"\\"');
  });

  it('writes JSON values as Python literals and refuses Infinity and NaN', () => {
    expect(pyValue({ a: [true, false, null, 1.5, 'x"y'], 'k\n': 1e21 })).toBe(
      '{"a": [True, False, None, 1.5, "x\\"y"], "k\\n": 1e+21}',
    );
    expect(() => pyValue([Infinity])).toThrow(new NonFiniteNumberError(Infinity));
    expect(() => pyValue({ v: NaN })).toThrow(NonFiniteNumberError);
  });

  it('property: any string reads back from its literal and from a docstring holding its body', () => {
    const strings = fc.sample(hostileString, { numRuns: 500, seed: 20261128 });
    const literals = strings.flatMap((s) => [pyString(s), `"""${pyStringBody(s)}"""`]);
    expect(literals.every((l) => /^[\x20-\x7e]*$/.test(l))).toBe(true);
    expect(evalAll(literals)).toEqual(strings.flatMap((s) => [s, s]));
  });
});
