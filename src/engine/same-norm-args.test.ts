/**
 * The short cuts in front of the normaliser (observation.ts mayHaveHint, same-norm-args.ts)
 * must answer exactly as normalising everything would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../model/transcript';
import { LazyCallView, sameNormExact, sameNormStep } from './call-view';
import { anyHintByRegex, mayHaveHint, normalizeText } from './observation';
import { argsClean, CLEAN, CLEAN_SHORT, compareNormArgs, DIFFERENT, DIRTY, SAME } from './same-norm-args';

/** Pieces of text around every rule's hint: volatile tokens, near misses, plain words. */
const PIECES = [
  'a',
  'B',
  'f',
  'T',
  't',
  'x',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '\f',
  '\v',
  '\x1b[0m',
  '\x1b[m',
  '-',
  '/',
  '\\',
  ':',
  '.',
  '_',
  '0',
  '7',
  '12:30:45',
  '2026-11-25T00:56:03Z',
  'sh: line 12:',
  'bash: 3:',
  '0.5s',
  '12 ms',
  '1h2m3s',
  '0x7f3a2b1c4d50',
  '0xFF',
  '123e4567-e89b-12d3-a456-426614174000',
  'dead-beef-face-',
  'pid 123',
  'PID: 9',
  '[1] 12345',
  '/tmp/tmpab12cd34',
  '/tmp/tmp.AbC123xy',
  '\\tmpab_12cd',
  '/var/folders/x1/abc/T/',
  '/var',
  'pytest-of-bob/pytest-3',
  'pytest-of-bob',
  '/tmp.abcdef',
  '/tmpabc_def',
  '\\tmpabc_def',
  '/var/folders/ab/cd/T/',
  'tmp',
  'var',
  'src/api/user.ts',
  'é',
  'µs',
  'Nov 25 00:56',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((xs) => xs.join(''));

describe('mayHaveHint', () => {
  it('is true whenever the hint regex finds something', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 })), (s) => {
        if (anyHintByRegex(s)) expect(mayHaveHint(s)).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('lets plain paths and words through without the regex', () => {
    expect(mayHaveHint('src/api/userStore.ts')).toBe(false);
    expect(mayHaveHint('git status')).toBe(false);
    expect(mayHaveHint('tests/unit/x.ts')).toBe(false);
    expect(mayHaveHint('/tmp/tmpab12cd34')).toBe(true);
    expect(mayHaveHint('C:\\tmpab_12cd')).toBe(true);
    expect(mayHaveHint('face-')).toBe(true);
    expect(mayHaveHint('a  b')).toBe(true);
  });
});

/** Long texts (past the 256 characters compared on the spot) that differ only in a volatile token, or not. */
const long = fc.tuple(fc.constantFrom('x'.repeat(300), 'line\n\nline\n'.repeat(30)), text).map(([a, b]) => a + b);
const str = fc.oneof(text, long);
const args: fc.Arbitrary<Json> = fc.oneof(
  fc.record({ path: str, content: str }),
  fc.record({ path: str, old_string: str, new_string: str }),
  fc.record({ command: str, timeout: fc.constantFrom(10, 20) }),
  fc.record({ edits: fc.array(fc.record({ old: str, new: str }), { maxLength: 2 }) }),
  fc.record({ path: str }, { requiredKeys: [] }),
);
const view = (a: Json) => new LazyCallView(1, 1, 'write', a, { content: 'ok', isError: false }, undefined);

describe('comparing normalised arguments on their short strings first', () => {
  it('answers as comparing the normalised fingerprints would', () => {
    fc.assert(
      fc.property(args, args, (x, y) => {
        const a = view(x);
        const b = view(y);
        const same = a.normExact === b.normExact;
        expect(sameNormExact(view(x), view(y))).toBe(same);
        expect(sameNormStep(view(x), view(y))).toBe(same);
      }),
      { numRuns: 5000 },
    );
  });

  it('tells two writes of different files apart without normalising their contents', () => {
    const body = 'const a = 1;\n\n'.repeat(100);
    const a = view({ path: 'src/a.ts', content: body + 'a' });
    const b = view({ path: 'src/b.ts', content: body + 'b' });
    expect(sameNormExact(a, b)).toBe(false);
    expect((a as unknown as { normArgsValue: unknown }).normArgsValue).toBeUndefined();
    expect((b as unknown as { normArgsValue: unknown }).normArgsValue).toBeUndefined();
  });

  it('finds two writes of one file the same when their contents differ only in a timestamp', () => {
    const body = 'log\n'.repeat(100);
    const a = view({ path: 'a.log', content: body + 'at 12:30:45' });
    const b = view({ path: 'a.log', content: body + 'at 09:10:11' });
    expect(sameNormExact(a, b)).toBe(true);
  });

  it('decides short strings on the spot, and trusts clean ones as they are', () => {
    expect(compareNormArgs({ p: 'run 12:30:45' }, { p: 'run 09:10:11' }, false)).toBe(SAME);
    expect(compareNormArgs({ p: 'a.ts' }, { p: 'b.ts' }, true)).toBe(DIFFERENT);
    expect(argsClean({ p: 'a.ts', q: ['b', 1] })).toBe(CLEAN);
    expect(argsClean({ p: 'a.ts', q: ['b', 'x'.repeat(300)] })).toBe(CLEAN_SHORT);
    expect(argsClean({ p: 'a.ts', q: ['x'.repeat(300), 'run 12:30:45'] })).toBe(DIRTY);
    expect(normalizeText('run 12:30:45')).toBe('run <time>');
  });
});
