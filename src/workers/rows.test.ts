import { describe, expect, it } from 'vitest';
import { normalizeTranscript } from '../model/normalize';
import { rowStarts, rowWindow, turnIndexOfRow } from './rows';

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

const all = (turns = t.turns) => rowWindow(turns, rowStarts(turns), 0, 1e9);

describe('turn rows', () => {
  it('gives one row per call and one per text-only turn, numbered', () => {
    expect(all()).toEqual([
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
    expect(all(marked.turns).map((r) => [r.name, r.textual, r.rejected, r.isError, r.inferred])).toEqual([
      ['execute_bash', true, undefined, undefined, undefined],
      ['edit', undefined, true, true, 'rejected'],
      ['sh', undefined, undefined, true, 'command-not-found'],
    ]);
  });
  it('maps turns to their first rows and rows back to turns', () => {
    const starts = rowStarts(t.turns);
    expect([...starts]).toEqual([0, 2, 3, 4]);
    expect([0, 1, 2, 3].map((r) => turnIndexOfRow(starts, r))).toEqual([0, 0, 1, 2]);
  });
  it('cuts a window out of the middle of a turn, clamped to the rows there are', () => {
    const starts = rowStarts(t.turns);
    expect(rowWindow(t.turns, starts, 1, 3).map((r) => [r.turn, r.call])).toEqual([
      [1, 2],
      [2, undefined],
    ]);
    expect(rowWindow(t.turns, starts, 3, 99).map((r) => r.call)).toEqual([3]);
    expect(rowWindow(t.turns, starts, 7, 9)).toEqual([]);
  });
});
