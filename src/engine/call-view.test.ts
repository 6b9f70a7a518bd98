import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LazyCallView, sameNormExact, sameNormResult, sameNormStep } from './call-view';

const text = fc.constantFrom(
  'ls',
  'ls  ',
  'cat a:1',
  'run 12:30:45',
  'x\n\ny',
  'x\ny',
  'Wrote 5 bytes',
  'a'.repeat(90),
);
const view = (name: string, command: string, content: string | null, isError: boolean) =>
  new LazyCallView(1, 1, name, { command }, content === null ? undefined : { content, isError }, undefined);
const call = fc
  .tuple(fc.constantFrom('bash', 'sh', 'bash:x'), text, fc.option(text), fc.boolean())
  .map(([n, c, r, e]) => view(n, c, r, e));

describe('comparing calls through their raw fingerprints first', () => {
  it('answers as comparing the normalised fingerprints would', () => {
    fc.assert(
      fc.property(call, call, (a, b) => {
        const exact = a.normExact === b.normExact;
        const result = a.normResultFp === b.normResultFp;
        expect(sameNormExact(a, b)).toBe(exact);
        expect(sameNormResult(a, b)).toBe(result);
        expect(sameNormStep(a, b)).toBe(exact && result);
      }),
      { numRuns: 1000 },
    );
  });

  it('does not normalise a long argument when the short results already differ', () => {
    const long = 'x\n\n'.repeat(100);
    const a = view('write', long + 'a', 'Wrote 1 bytes', false);
    const b = view('write', long + 'b', 'Wrote 2 bytes', false);
    expect(sameNormStep(a, b)).toBe(false);
    expect((a as unknown as { normExactValue: unknown }).normExactValue).toBeUndefined();
  });
});
