/**
 * `octo-agent` against open-octo/octo-agent internal/agent/agent.go at
 * d45b9647dd18ed0d086ba4409f8c4b8864c2e1b9: "const stuckWindow = 4 // require 4 consecutive repeats
 * (5 identical batches total)", `hasConsecutiveDuplicates(a.recentToolCalls, fp, stuckWindow)`,
 * `fingerprintToolUseBatch` (observationToolNames terminal_output and workflow_status left out),
 * `a.recentToolCalls = nil` at the start of each user turn: 4, 5 and 6 identical batches.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type CallSpec, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('octo-agent')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call, e.action]);
const n = <T>(k: number, x: T): T[] => Array.from({ length: k }, () => x);

describe('preset octo-agent (the duplicate-tool-call stuck detector)', () => {
  it('is the batch-repeat detector with threshold 5, octo-agent options', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['batch-repeat']);
  });

  const pair: CallSpec[] = [call('bash', { command: 'make' }, 'error'), call('read_file', { path: 'a' }, 'A')];
  it('4 identical batches: nothing', () => expect(at(n(4, pair))).toEqual([]));
  it('5: stopped at the 5th batch (reported at its last call)', () =>
    expect(at(n(5, pair))).toEqual([[5, 10, 'terminate']]));
  it('6: the history is not cleared by a detection, so the 6th is stuck too', () =>
    expect(at(n(6, pair))).toEqual([
      [5, 10, 'terminate'],
      [6, 12, 'terminate'],
    ]));

  it('arguments are JSON with sorted keys (Go json.Marshal of a map): key order does not matter', () => {
    const ab = call('grep', { pattern: 'x', path: 'src' });
    const ba = call('grep', { path: 'src', pattern: 'x' });
    expect(at([ab, ba, ab, ba, ab])).toEqual([[5, 5, 'terminate']]);
  });

  it('observation-only tools are left out of the batch; a batch of only those is not recorded', () => {
    const poll = call('terminal_output', { id: 't1' }, 'still running');
    const withPoll: CallSpec[] = [pair[0], poll];
    expect(at([pair[0], withPoll, [pair[0]], withPoll, [pair[0]]]).map((e) => e[0])).toEqual([5]);
    expect(at(n(8, poll))).toEqual([]);
    expect(at([pair[0], pair[0], poll, poll, pair[0], pair[0], pair[0]]).map((e) => e[0])).toEqual([7]);
  });

  it('a new user turn starts the history again', () => {
    const after: TurnSpec = { calls: [pair[0]], before: [{ role: 'user', text: 'continue' }] };
    expect(at([pair[0], pair[0], pair[0], pair[0], after])).toEqual([]);
    expect(at([pair[0], pair[0], pair[0], pair[0], after, ...n(4, pair[0])]).map((e) => e[0])).toEqual([9]);
  });
});
