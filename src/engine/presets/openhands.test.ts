import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('openhands')!;
const brief = (r: ReturnType<typeof replay>) => r.events.map((e) => [e.turn, e.call, e.detector, e.action]);

describe('preset openhands (StuckDetector)', () => {
  it('is a valid config: cycle with results, summary-loop on identical text', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['cycle', 'summary-loop']);
  });

  it('triggers: the same action with the same observation repeated', () => {
    const same = call('execute_bash', { command: 'cat x' }, 'hello');
    const r = replay(transcriptOf([same, same, same, same]), preset);
    // OpenHands needs 4 pairs; one cycle config with 3 repetitions (for the 6-step alternation) fires at 3.
    expect(brief(r)).toEqual([
      [3, 3, 'cycle', 'terminate'],
      [4, 4, 'cycle', 'terminate'],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 3, call: 3 });
  });

  it('triggers: the same action ending in the same error three times', () => {
    const bad = failed('str_replace_editor', { command: 'view', path: '/nope' }, 'ERROR: path does not exist');
    expect(brief(replay(transcriptOf([call('ls'), bad, bad, bad]), preset))).toEqual([[4, 4, 'cycle', 'terminate']]);
  });

  it('triggers: (action, observation) pairs alternating over six steps', () => {
    const a = call('execute_bash', { command: 'pytest' }, 'FAILED 1');
    const b = call('str_replace_editor', { command: 'view', path: 'a.py' }, 'def f(): ...');
    expect(brief(replay(transcriptOf([a, b, a, b, a, b]), preset))).toEqual([[6, 6, 'cycle', 'terminate']]);
  });

  it('triggers: monologue, three identical agent messages (user messages between ignored)', () => {
    const t = transcriptOf([
      call('ls'),
      'I am not sure what to do.',
      { text: 'I am not sure what to do.', before: [{ role: 'user', text: 'hm' }] },
      'I am not sure what to do.',
    ]);
    expect(brief(replay(t, preset))).toEqual([[4, undefined, 'summary-loop', 'terminate']]);
  });

  it('does not trigger: repeated commands whose output changes, edits that differ, varied messages', () => {
    const poll = (i: number) => call('execute_bash', { command: 'git status' }, `changes: ${i}`);
    const edit = (i: number) =>
      call('str_replace_editor', { command: 'str_replace', path: 'a.py', old_str: `x${i}`, new_str: `y${i}` }, 'ok');
    const test = (i: number) => call('execute_bash', { command: 'pytest' }, `FAILED ${3 - i}`);
    const t = transcriptOf([
      poll(1),
      poll(2),
      poll(3),
      poll(4),
      edit(1),
      test(1),
      edit(2),
      test(2),
      edit(3),
      test(3),
      'Done with step 1.',
      'Now step 2.',
      'Finished.',
    ]);
    expect(replay(t, preset).events).toEqual([]);
  });
});
