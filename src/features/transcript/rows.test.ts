import { describe, expect, it } from 'vitest';
import { normalizeTranscript } from '../../model/normalize';
import { firstRowOfTurn, turnRows } from './rows';

const t = normalizeTranscript({
  format: 'x',
  turns: [
    {
      text: 'Look  around',
      calls: [
        { name: 'ls', args: { path: '.' }, result: { content: 'a\nb', isError: false } },
        { name: 'cat', args: 'a' },
      ],
    },
    { text: 'Thinking' },
    { calls: [{ name: 'bash', args: { command: 'x' }, result: { content: 'boom', isError: true } }] },
  ],
});

describe('turn rows', () => {
  it('gives one row per call and one per text-only turn, numbered', () => {
    expect(turnRows(t)).toEqual([
      { turn: 1, call: 1, name: 'ls', args: '{"path":"."}', result: 'a b', isError: false, text: 'Look around' },
      { turn: 1, call: 2, name: 'cat', args: 'a', result: undefined, isError: undefined, text: '' },
      { turn: 2, text: 'Thinking' },
      { turn: 3, call: 3, name: 'bash', args: '{"command":"x"}', result: 'boom', isError: true, text: '' },
    ]);
  });
  it('finds the first row of a turn', () => {
    const rows = turnRows(t);
    expect([1, 2, 3].map((n) => firstRowOfTurn(rows, n))).toEqual([0, 2, 3]);
  });
});
