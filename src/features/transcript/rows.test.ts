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
  it('marks text-written and rejected calls and names the rule of an inferred error', () => {
    const marked = normalizeTranscript({
      format: 'x',
      turns: [
        { text: '<function=execute_bash>\n<parameter=command>ls</parameter>\n</function>' },
        {
          calls: [
            { name: 'edit', rejected: true, result: { content: "Missing required parameters for function 'edit'" } },
          ],
        },
        { calls: [{ name: 'sh', result: { content: 'bash: ponyc: command not found' } }] },
      ],
    });
    expect(turnRows(marked).map((r) => [r.name, r.textual, r.rejected, r.isError, r.inferred])).toEqual([
      ['execute_bash', true, undefined, undefined, undefined],
      ['edit', undefined, true, true, 'rejected'],
      ['sh', undefined, undefined, true, 'command-not-found'],
    ]);
  });
  it('finds the first row of a turn', () => {
    const rows = turnRows(t);
    expect([1, 2, 3].map((n) => firstRowOfTurn(rows, n))).toEqual([0, 2, 3]);
  });
});
