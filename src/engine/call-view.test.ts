import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LazyCallView, sameNormExact, sameNormResult, sameNormStep } from './call-view';
import { exactFingerprint, primaryUnlessExact } from './fingerprint';
import { normalizeArgs } from './observation';

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

describe('normPrimary', () => {
  const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 2 }));
  const args = fc.dictionary(fc.constantFrom('path', 'command', 'cmd', 'old_string', 'query', 'limit', 'x'), value, {
    maxKeys: 4,
  });
  it('is the primary fingerprint of the normalised arguments, normalising only the picked values', () => {
    fc.assert(
      fc.property(fc.constantFrom('edit', 'bash', 'read'), args, (name, a) => {
        const v = new LazyCallView(1, 1, name, a, undefined, undefined);
        const want = primaryUnlessExact(name, normalizeArgs(a)) ?? exactFingerprint(name, normalizeArgs(a));
        expect(v.normPrimary).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('does not normalise the bodies an edit leaves out of its primary fingerprint', () => {
    const v = new LazyCallView(
      1,
      1,
      'edit',
      { path: 'a  b.ts', old_string: 'x\n\n'.repeat(100), new_string: 'y' },
      undefined,
      undefined,
    );
    expect(v.normPrimary).toBe('edit:{"path":"a b.ts"}');
    expect((v as unknown as { normArgsValue: unknown }).normArgsValue).toBeUndefined();
  });
});
