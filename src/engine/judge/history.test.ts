import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../model/transcript';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { historyHash, prepareHistory } from './history';

/** n turns, each one distinct call with a result. */
function turns(n: number, extra: Record<number, TurnSpec> = {}): Transcript {
  return transcriptOf(
    Array.from(
      { length: n },
      (_, i) => extra[i + 1] ?? call('read_file', { path: `src/f${i + 1}.ts` }, `body ${i + 1}`),
    ),
  );
}

describe("llm-judge history preparation (Gemini CLI's LLM loop check)", () => {
  it('keeps the last 20 entries, trims the dangling call at the end and the leading response', () => {
    const h = prepareHistory(turns(15), 15, 20);
    // Entries before turn 15: a1 t1 … a13 t13 a14 (t14 is turn 15's request). Last 20 = t4 a5 … t13 a14.
    expect(h.length).toBe(18);
    expect(h[0]).toEqual({
      role: 'assistant',
      turn: 5,
      text: '',
      calls: [{ name: 'read_file', args: { path: 'src/f5.ts' } }],
    });
    expect(h[h.length - 1]).toEqual({
      role: 'tool',
      turn: 13,
      results: [{ name: 'read_file', content: 'body 13', isError: false }],
    });
  });

  it('an assistant message with text is not a dangling function call', () => {
    const t = turns(15, { 14: { text: 'Let me look again.', calls: [call('read_file', { path: 'x' })] } });
    const h = prepareHistory(t, 15, 20);
    expect(h[h.length - 1]).toMatchObject({ role: 'assistant', turn: 14, text: 'Let me look again.' });
  });

  it('the last entries, not the first (the LLM-check design truncates to the first 20)', () => {
    const h = prepareHistory(turns(60), 60, 20);
    expect(h.every((m) => m.role === 'user' || m.turn >= 50)).toBe(true);
  });

  it('user and system messages are entries of their own', () => {
    const t = turns(5, {
      3: {
        before: [
          { role: 'system', text: 'be brief' },
          { role: 'user', text: 'go on' },
        ],
        text: 'ok',
        calls: [],
      },
    });
    expect(prepareHistory(t, 5, 20).slice(4, 7)).toEqual([
      { role: 'user', text: '[system] be brief' },
      { role: 'user', text: 'go on' },
      { role: 'assistant', turn: 3, text: 'ok', calls: [] },
    ]);
  });

  it('history hash: same history, same hash; any change, another', () => {
    const a = historyHash(prepareHistory(turns(40), 40, 20));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(historyHash(prepareHistory(turns(40), 40, 20))).toBe(a);
    expect(historyHash(prepareHistory(turns(40), 39, 20))).not.toBe(a);
  });
});
