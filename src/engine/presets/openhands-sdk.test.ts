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
  replay(transcriptOf(items), preset).events.map((e) => [
    e.turn,
    e.message.startsWith('Nudge') ? 'Nudge' : e.message.split(' (')[0].slice(23),
  ]);
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

  // PR #4332, as read in yqwd-dimleap/suricate-sdk a6565073 stuck_detector.py: get_action_error_nudge
  // "if self._action_error_streak(...) != threshold: return None", _is_stuck_repeating_action_error
  // "if self._action_error_streak(...) > threshold"; local_conversation.py _check_stuck_or_nudge
  // sends the nudge and skips is_stuck() for that step.
  describe('action_error = 3: a nudge at the 3rd, stuck at the 4th (get_action_error_nudge, _action_error_streak)', () => {
    const bad = (i: number) => failed('file_editor', { command: 'view', path: '/nope' }, `error ${i}`);
    const steps = (n: number) => replay(transcriptOf(Array.from({ length: n }, (_, i) => bad(i + 1))), preset).events;
    const kinds = (n: number) => steps(n).map((e) => [e.turn, e.action, e.level]);
    it('2: nothing', () => expect(kinds(2)).toEqual([]));
    it('3: one nudge (warn), not stuck', () => {
      expect(kinds(3)).toEqual([[3, 'warn', 1]]);
      expect(steps(3)[0].message).toMatch(/^Nudge: the same action ended in an error 3 times in a row/);
    });
    it('4: the nudge at 3, stuck at 4', () =>
      expect(kinds(4)).toEqual([
        [3, 'warn', 1],
        [4, 'terminate', 2],
      ]));
    it('5: stuck again at 5 (the run ended at 4)', () =>
      expect(kinds(5).map((e) => e[1])).toEqual(['warn', 'terminate', 'terminate']));
    it('one nudge per streak: a message after the 3rd error leaves the streak where it is', () =>
      expect(at([bad(1), bad(2), bad(3), 'Let me think.'])).toEqual([[3, 'Nudge']]));
    it('after the nudge the other rules go on: 3 agent messages are a monologue', () =>
      expect(at([bad(1), bad(2), bad(3), 'a', 'b', 'c'])).toEqual([
        [3, 'Nudge'],
        [6, 'monologue'],
      ]));
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
