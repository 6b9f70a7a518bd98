/**
 * The hand-written hint scanner (observation-hints.ts) against the regexes it replaced: for any
 * text, each rule group's bit is set exactly when that group's hint regex matches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { H_ANSI, H_DURATION, H_HEX, H_PID, H_SHELL, H_SPACE, H_TIME, H_TMP, H_UUID, scanHints } from './observation-hints';

/** The previous implementation: one regex per rule group. */
const REFERENCE: [number, RegExp][] = [
  [H_ANSI, /\x1b/],
  [H_SHELL, /sh: (?:line )?\d/],
  [H_TIME, /\d:[0-5]\d/],
  [H_DURATION, /\d ?(?:[nuµm]?s|min|hr|hour)|\dh\d/],
  [H_HEX, /0x[0-9a-fA-F]{6}/],
  [H_UUID, /[0-9a-fA-F]-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-/],
  [H_PID, /(?:pid|PID|Pid|process ID|process id)[ =:#]{1,3}\d|(?:^|\n)\[\d+\][+-]? +\d/],
  [H_TMP, /[/\\]tmp[.a-z0-9_]|\/var\/folders\/|pytest-of-/],
  [H_SPACE, /\r|[ \t\f\v]\n|\n\n|\S(?:[ \t\f\v]{2}|[\t\f\v])/],
];

const reference = (s: string) => REFERENCE.reduce((h, [bit, re]) => (re.test(s) ? h | bit : h), 0);

/** Pieces of every hint and of near misses, so random concatenations hit the edges. */
const PIECES = [
  ...'0123456789abcdefABCFxXhsnumµirotp:-=#[]+ ./\\_\n\r\t\f\v\x1b\u00a0\u2028\ufeffé'.split(''),
  'sh: ',
  'bash: line ',
  'line ',
  '12:30:45',
  '0x',
  'deadbeef',
  'pid',
  'PID',
  'Pid',
  'process ID',
  'process id',
  '  ',
  '\n[',
  '/tmp',
  '\\tmp',
  '/var/folders/',
  'pytest-of-',
  'min',
  'hr',
  'hour',
  'ms',
  '    ',
  ' :=',
  '#',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((a) => a.join(''));

describe('scanHints', () => {
  it('sets each group exactly when its hint regex matches', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 })), (s) => {
        expect(scanHints(s)).toBe(reference(s));
      }),
      { numRuns: 10000 },
    );
  });

  it('finds each hint in real snippets', () => {
    const cases: [string, number][] = [
      ['/bin/bash: line 11301: cd: fastjson/: No such file or directory', H_SHELL],
      ['2026-11-25T00:56:03Z done', H_TIME],
      ['took 0.53s', H_DURATION],
      ['at 0x7f3a2b1c4d50', H_HEX],
      ['id 123e4567-e89b-12d3-a456-426614174000', H_UUID],
      ['[1] 12345', H_PID],
      ['started pid=4242', H_PID],
      ['wrote /tmp/tmpa1b2c3d4/x', H_TMP],
      ['a\r\nb', H_SPACE],
      ['\x1b[31mred', H_ANSI],
      ['src/api/userToken.ts', 0],
      ['  const x = 1;', 0],
    ];
    for (const [s, h] of cases) expect([s, scanHints(s)]).toEqual([s, h]);
  });
});
