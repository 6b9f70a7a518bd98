/**
 * `openhands-sdk` against OpenHands/software-agent-sdk
 * openhands-sdk/openhands/sdk/conversation/stuck_detector.py at
 * 1c2e6b518376822bdfe05cec8625d4dcc02495d4 (StuckDetectionThresholds 4/3/3/6, the last 20 events,
 * only those after the last user message): each rule at threshold - 1, threshold, threshold + 1.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('openhands-sdk')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.message.split(' (')[0].slice(23)]);
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

describe('preset openhands-sdk (software-agent-sdk StuckDetector)', () => {
  it('is the openhands-stuck detector, sdk flavour, terminating', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['openhands-stuck']);
  });

  describe('action_observation = 4 (_is_stuck_repeating_action_observation)', () => {
    const same = call('terminal', { command: 'git status' }, 'clean');
    it('3: not stuck', () => expect(at(times(3, same))).toEqual([]));
    it('4: stuck', () => expect(at(times(4, same))).toEqual([[4, 'repeating_action_observation']]));
    it('5: stuck at 4 and 5', () => expect(at(times(5, same)).map((e) => e[0])).toEqual([4, 5]));
    it('observations compare their content: a poll whose output changes is not stuck', () =>
      expect(at([1, 2, 3, 4, 5].map((i) => call('terminal', { command: 'git status' }, `changes: ${i}`)))).toEqual([]));
  });

  describe('action_error = 3 (_is_stuck_repeating_action_error)', () => {
    const bad = (i: number) => failed('file_editor', { command: 'view', path: '/nope' }, `error ${i}`);
    it('2: not stuck', () => expect(at([bad(1), bad(2)])).toEqual([]));
    it('3: stuck', () => expect(at([bad(1), bad(2), bad(3)])).toEqual([[3, 'repeating_action_error']]));
    it('4: stuck at 3 and 4', () => expect(at([bad(1), bad(2), bad(3), bad(4)]).map((e) => e[0])).toEqual([3, 4]));
  });

  describe('monologue = 3: agent messages in a row, identical or not (_is_stuck_monologue)', () => {
    const work = call('terminal', { command: 'ls' }, 'a b');
    it('2: not stuck', () => expect(at([work, 'Thinking.', 'Still thinking.'])).toEqual([]));
    it('3 different messages: stuck', () =>
      expect(at([work, 'Thinking.', 'Still thinking.', 'Hmm.'])).toEqual([[4, 'monologue']]));
    it('4: stuck at 3 and 4', () => expect(at([work, 'a', 'b', 'c', 'd']).map((e) => e[0])).toEqual([4, 5]));
    it('a user message resets: only the events after it are read', () =>
      expect(at([work, 'a', 'b', { text: 'c', before: [{ role: 'user', text: 'go on' }] }, 'd'])).toEqual([]));
  });

  describe('alternating_pattern = 6', () => {
    const a = call('terminal', { command: 'pytest' }, { content: 'FAILED 1', isError: true });
    const b = call('file_editor', { command: 'view', path: 'a.py' }, 'def f(): ...');
    it('5: not stuck', () => expect(at([a, b, a, b, a])).toEqual([]));
    it('6: stuck', () => expect(at([a, b, a, b, a, b])).toEqual([[6, 'repeating_action_observation_pattern']]));
    it('7: stuck at 6 and 7', () => expect(at([a, b, a, b, a, b, a]).map((e) => e[0])).toEqual([6, 7]));
  });

  it('only the events after the last user message count: 3 repeats, a user message, 1 more', () => {
    const same = call('terminal', { command: 'git status' }, 'clean');
    const after: TurnSpec = { calls: [same], before: [{ role: 'user', text: 'try again' }] };
    expect(at([same, same, same, after])).toEqual([]);
  });
});
