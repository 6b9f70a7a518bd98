/**
 * Properties of the observation normaliser: renaming volatile tokens never changes a
 * fingerprint, normalising is idempotent, and a run with a new observation every step never
 * fires `no-progress`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LazyCallView } from './call-view';
import { normalizeText } from './observation';
import { replay } from './replay';
import { transcriptOf, call, failed } from './test-util';

const digits = (min: number, max: number) => fc.integer({ min, max }).map(String);
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const hexChars = (n: number) =>
  fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: n, maxLength: n }).map((a) => a.join(''));
const tmpChars = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'), { minLength: 8, maxLength: 8 })
  .map((a) => a.join(''));

/** One volatile token of each kind, freshly drawn: two draws must normalise alike. */
const VOLATILE: Record<string, fc.Arbitrary<string>> = {
  shellLine: digits(1, 99999).map((n) => `/bin/bash: line ${n}:`),
  iso: fc
    .tuple(digits(1990, 2099), two(11), two(27), two(23), two(59), two(59), digits(0, 999))
    .map(
      ([y, mo, d, h, mi, s, ms]) =>
        `${y}-${mo.replace(/^00$/, '01')}-${d.replace(/^00$/, '01')}T${h}:${mi}:${s}.${ms}Z`,
    ),
  clock: fc.tuple(two(23), two(59), two(59)).map(([h, m, s]) => `[${h}:${m}:${s}]`),
  clf: fc
    .tuple(two(27), digits(1990, 2099), two(23), two(59), two(59))
    .map(([d, y, h, m, s]) => `[${d.replace(/^00$/, '01')}/Nov/${y}:${h}:${m}:${s} +0000]`),
  duration: fc.oneof(
    fc.tuple(digits(0, 999), digits(0, 99)).map(([a, b]) => `${a}.${b}s`),
    digits(0, 5000).map((n) => `${n} ms`),
    digits(1, 600).map((n) => `${n} seconds`),
    fc.tuple(digits(0, 59), digits(0, 59), digits(0, 999)).map(([m, s, ms]) => `${m}m${s}.${ms}s`),
  ),
  hex: fc
    .integer({ min: 6, max: 16 })
    .chain((n) => hexChars(n))
    .map((h) => `0x${h}`),
  uuid: fc.uuid(),
  pid: digits(1, 4194304).map((n) => `pid ${n}`),
  tmp: fc.oneof(
    tmpChars.map((t) => `/tmp/tmp${t}/x.py`),
    fc
      .array(fc.constantFrom(...'ABCabc0123456789'), { minLength: 10, maxLength: 10 })
      .map((a) => `/tmp/tmp.${a.join('')}/x.py`),
  ),
};
const KINDS = Object.keys(VOLATILE);
const WORDS = [
  'cd',
  'fastjson/',
  'No such file or directory',
  'error:',
  'ran',
  'in',
  'src/a.ts',
  'FAILED',
  'at',
  'took',
  'ok',
  '=>',
];
const SPACES = [' ', '  ', ' \t', '\t'];

type Piece = { word: string } | { kind: string };
const template = fc.array(
  fc.oneof(
    fc.constantFrom(...WORDS).map((word) => ({ word }) as Piece),
    fc.constantFrom(...KINDS).map((kind) => ({ kind }) as Piece),
  ),
  { minLength: 1, maxLength: 10 },
);

/** The template filled with fresh tokens and random inner whitespace runs. */
function fill(t: Piece[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.tuple(...t.map((p) => ('word' in p ? fc.constant(p.word) : VOLATILE[p.kind]))),
      fc.array(fc.constantFrom(...SPACES), { minLength: t.length, maxLength: t.length }),
    )
    .map(([parts, gaps]) => parts.map((x, i) => (i ? gaps[i] : '') + x).join(''));
}

const view = (command: string, result: string, isError: boolean) =>
  new LazyCallView(1, 1, 'bash', { command }, { content: result, isError }, undefined);

describe('renaming volatile tokens never changes a fingerprint', () => {
  it('exact, primary and result fingerprints of the normalised call are equal for two fillings', () => {
    fc.assert(
      fc.property(
        template.chain((t) => fc.tuple(fill(t), fill(t), fill(t), fill(t))),
        fc.boolean(),
        ([a1, a2, r1, r2], isError) => {
          const x = view(a1, r1, isError);
          const y = view(a2, r2, isError);
          expect(x.normExact).toBe(y.normExact);
          expect(x.normPrimary).toBe(y.normPrimary);
          expect(x.normResultFp).toBe(y.normResultFp);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('normalising is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(template.chain(fill), fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 })),
        (s) => {
          const once = normalizeText(s);
          expect(normalizeText(once)).toBe(once);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('no-progress never fires when every step brings a new observation', () => {
  it('on random runs of a few repeated actions, each with a new result', () => {
    const actions = ['ls', 'cat a.py', 'pytest', 'grep -rn foo src', 'git status'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...actions), fc.boolean()), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 2, 3, 4),
        fc.boolean(),
        fc.constantFrom(0, 3),
        (steps, k, window, recurrence, sameTarget, cycles) => {
          const items = steps.map(([command, err], i) =>
            err ? failed('bash', { command }, `error number ${i}`) : call('bash', { command }, `output number ${i}`),
          );
          const config = { detectors: { 'no-progress': { enabled: true, k, window, recurrence, sameTarget, cycles } } };
          expect(replay(transcriptOf(items), config).events).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
