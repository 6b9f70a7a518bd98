/**
 * The openhands-stuck rules the presets do not reach with their defaults (OpenHands/OpenHands
 * openhands/controller/stuck.py at 331a1a43145f185f7596431e2a19668a0e0a6daa).
 */
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';

const cfg = (p: Record<string, unknown> = {}): EngineConfig => ({
  detectors: { 'openhands-stuck': { enabled: true, ...p } as never },
});
const at = (items: Parameters<typeof transcriptOf>[0], p?: Record<string, unknown>) =>
  replay(transcriptOf(items), cfg(p)).events.map((e) => [e.turn, e.message.split(' (')[0].slice(23)]);

/** An IPython cell's output ending in a syntax error, as OpenHands' Jupyter plugin prints it. */
function syntaxError(line: number): string {
  return [
    `Cell In[1], line ${line}`,
    '    print("oops)',
    '          ^',
    'SyntaxError: unterminated string literal (detected at line 1)',
    '[Jupyter current working directory: /workspace]',
    '[Jupyter Python interpreter: /usr/bin/python]',
  ].join('\n');
}

describe('openhands-stuck (v0)', () => {
  it('scenario 2, IPython: the same unterminated-string SyntaxError 3 times (_check_for_consistent_line_error)', () => {
    const cell = call('execute_ipython_cell', { code: 'print("oops)' }, syntaxError(1));
    expect(at([cell, cell])).toEqual([]);
    expect(at([cell, cell, cell])).toEqual([[3, 'repeating_action_error']]);
    // The same action, but the error line differs: not the rule (and not 4 identical pairs yet).
    const other = call('execute_ipython_cell', { code: 'print("oops)' }, syntaxError(1).replace('line 1)', 'line 2)'));
    expect(at([cell, cell, other])).toEqual([]);
  });

  it('scenario 6: empty responses in a row, seen when the monologue rule is set higher', () => {
    const work = call('ls', {}, 'x');
    expect(at([work, '', ''], { monologue: 9 })).toEqual([]);
    expect(at([work, '', '', ''], { monologue: 9 })).toEqual([[4, 'empty_response_loop']]);
    expect(at([work, '', '', '', ''], { monologue: 9 }).map((e) => e[0])).toEqual([4, 5]);
  });

  it('interactive mode (sinceLastUser): a user message restarts the history, a corrective nudge does not', () => {
    const same = call('read_file', { path: 'a' }, 'A');
    const user = { calls: [same], before: [{ role: 'user' as const, text: 'look again' }] };
    const nudge = { calls: [same], before: [{ role: 'user' as const, text: 'Please use a tool to proceed.' }] };
    expect(at([same, same, same, user], { sinceLastUser: true })).toEqual([]);
    expect(at([same, same, same, nudge], { sinceLastUser: true })).toEqual([[4, 'repeating_action_observation']]);
    // Headless (the default): user messages are left out of the history.
    expect(at([same, same, same, user])).toEqual([[4, 'repeating_action_observation']]);
  });

  it('compareThought off: the same call under different thoughts repeats', () => {
    const t = (s: string) => ({ text: s, calls: [call('read_file', { path: 'a' }, 'A')] });
    expect(at([t('a'), t('b'), t('c'), t('d')])).toEqual([]);
    expect(at([t('a'), t('b'), t('c'), t('d')], { compareThought: false })).toEqual([
      [4, 'repeating_action_observation'],
    ]);
  });
});
