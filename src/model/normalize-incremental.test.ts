/**
 * Turn-by-turn normalisation (TurnNormalizer, used by the Loopscope JSONL reader as it reads) and
 * text sharing (StringPool) give exactly the transcript the whole-draft normaliser gives.
 */
import { describe, expect, it } from 'vitest';
import { finishTranscript, normalizeTranscript, TurnNormalizer, type TranscriptDraft } from './normalize';
import { StringPool } from './string-pool';

const result = 'Error: ENOENT: no such file or directory, open src/plugins';
const draft = (): TranscriptDraft => ({
  format: 'test',
  title: '  A run  ',
  turns: [
    { text: 'Listing.', calls: [{ name: 'ls', args: '{"path":"src/plugins"}', result: { content: result } }] },
    { text: '<function=ls>{"path":"src/plugins"}</function>', before: [{ role: 'user', text: 'go on' }] },
    {
      text: 'Again.',
      calls: [{ name: 'ls', args: { path: 'src/plugins' }, result: { content: result, isError: false } }],
    },
  ],
});

describe('TurnNormalizer', () => {
  it('numbers turns and calls across the transcript as normalizeTranscript does', () => {
    const n = new TurnNormalizer();
    const d = draft();
    const t = finishTranscript(
      d,
      d.turns.map((turn) => n.turn(turn)),
    );
    expect(t).toEqual(normalizeTranscript(draft()));
    expect(t.title).toBe('A run');
    expect(t.turns.map((x) => x.calls.map((c) => [c.index, c.name, c.textual ?? false]))).toEqual([
      [[1, 'ls', false]],
      [[2, 'ls', true]],
      [[3, 'ls', false]],
    ]);
    expect(t.turns[0].calls[0].result).toEqual({ content: result, isError: true, inferred: expect.any(String) });
    expect(t.turns[2].calls[0].result).toEqual({ content: result, isError: false });
  });

  it('gives the same transcript with texts shared as with no sharing at all', () => {
    const unshared = normalizeTranscript(draft(), new StringPool(0));
    const pool = new StringPool();
    expect(normalizeTranscript(draft(), pool)).toEqual(unshared);
    // The result text (twice in the run); turn texts seldom repeat and are not kept.
    expect(pool.size).toBe(1);
  });

  it('makes equal results one object, which a structured clone (an IndexedDB record) keeps as one', () => {
    const t = normalizeTranscript({
      format: 'test',
      turns: [
        { calls: [{ name: 'read', args: { path: 'a' }, result: { content: 'fn main() {}\n// end', isError: false } }] },
        { calls: [{ name: 'read', args: { path: 'a' }, result: { content: 'fn main() {}\n// end', isError: false } }] },
        { calls: [{ name: 'read', args: { path: 'a' }, result: { content: 'fn main() {}\n// end', isError: true } }] },
      ],
    });
    const [a, b, c] = t.turns.map((x) => x.calls[0].result!);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(c).toEqual({ content: 'fn main() {}\n// end', isError: true });
    const copy = structuredClone(t.turns);
    expect(copy[0].calls[0].result).toBe(copy[1].calls[0].result);
    expect(copy).toEqual(t.turns);
  });
});
