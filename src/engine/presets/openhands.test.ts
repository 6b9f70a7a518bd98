/**
 * `openhands` against OpenHands/OpenHands openhands/controller/stuck.py at
 * 331a1a43145f185f7596431e2a19668a0e0a6daa: each scenario at its threshold - 1, threshold and
 * threshold + 1 (StuckDetector.is_stuck, headless mode).
 */
import { describe, expect, it } from 'vitest';
import type { ContextMessage } from '../../model/transcript';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, failed, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('openhands')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call ?? null, e.action, e.message.split(' (')[0]]);
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);
const AO = 'Agent stuck in a loop: repeating_action_observation';
const AE = 'Agent stuck in a loop: repeating_action_error';
const MONO = 'Agent stuck in a loop: monologue';
const ALT = 'Agent stuck in a loop: repeating_action_observation_pattern';
const CTX = 'Agent stuck in a loop: context_window_error';
const condensation: ContextMessage = { role: 'system', text: '[condensation]', extra: { condensation: true } };

describe('preset openhands (stuck.py, headless)', () => {
  it('is the openhands-stuck detector, v0 flavour, terminating', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['openhands-stuck']);
  });

  describe('scenario 1: 4 identical action-observation pairs (_is_stuck_repeating_action_observation)', () => {
    const same = call('str_replace_editor', { command: 'view', path: 'a.py' }, 'def f(): ...');
    it('3 pairs: not stuck', () => expect(at(times(3, same))).toEqual([]));
    it('4 pairs: stuck at the 4th', () => expect(at(times(4, same))).toEqual([[4, 4, 'terminate', AO]]));
    it('5 pairs: stuck at the 4th (the run ends there) and again at the 5th', () =>
      expect(at(times(5, same))).toEqual([
        [4, 4, 'terminate', AO],
        [5, 5, 'terminate', AO],
      ]));
    it('shell observations compare command + exit code only: changing output still repeats (_eq_no_pid)', () => {
      const poll = (i: number) => call('execute_bash', { command: 'git status' }, `changes: ${i}`);
      expect(at([poll(1), poll(2), poll(3)])).toEqual([]);
      expect(at([poll(1), poll(2), poll(3), poll(4)])).toEqual([[4, 4, 'terminate', AO]]);
      const exit1 = call('execute_bash', { command: 'git status' }, { content: 'fatal', isError: true });
      expect(at([poll(1), poll(2), poll(3), exit1])).toEqual([]);
    });
    it('the thought is part of the action: the same call with another thought is another action', () => {
      const t = (s: string): TurnSpec => ({ text: s, calls: [same] });
      expect(at([t('a'), t('a'), t('a'), t('b')])).toEqual([]);
    });
  });

  describe('scenario 2: 3 identical actions, any 3 error observations (_is_stuck_repeating_action_error)', () => {
    const bad = (msg: string) => failed('str_replace_editor', { command: 'view', path: '/nope' }, msg);
    it('2: not stuck', () => expect(at([call('ls'), bad('e1'), bad('e2')])).toEqual([]));
    it('3, errors that differ: stuck at the 3rd', () =>
      expect(at([call('ls'), bad('e1'), bad('e2'), bad('e3')])).toEqual([[4, 4, 'terminate', AE]]));
    it('4: stuck at the 3rd and the 4th', () =>
      expect(at([bad('e1'), bad('e2'), bad('e3'), bad('e4')]).map((e) => e[0])).toEqual([3, 4]));
    it('a failed shell command is not an ErrorObservation', () => {
      const sh = (i: number) => call('execute_bash', { command: 'make' }, { content: `error ${i}`, isError: true });
      expect(at([sh(1), sh(2), sh(3)])).toEqual([]);
    });
  });

  describe('scenario 3: 3 identical agent messages, no observation between (_is_stuck_monologue)', () => {
    const msg = 'I am not sure what to do.';
    it('2: not stuck', () => expect(at([call('ls', {}, 'x'), msg, msg])).toEqual([]));
    it('3, user messages between ignored: stuck at the 3rd', () =>
      expect(at([call('ls', {}, 'x'), msg, { text: msg, before: [{ role: 'user', text: 'hm' }] }, msg])).toEqual([
        [4, null, 'terminate', MONO],
      ]));
    it('4: stuck at the 3rd and the 4th', () =>
      expect(at([call('ls', {}, 'x'), msg, msg, msg, msg]).map((e) => e[0])).toEqual([4, 5]));
    it('an observation between the first and the last: not stuck', () =>
      expect(at([msg, call('ls', {}, 'x'), msg, msg])).toEqual([]));
  });

  describe('scenario 4: the same two action-observation pairs alternating over 6 steps', () => {
    const a = call('execute_bash', { command: 'pytest' }, { content: 'FAILED 1', isError: true });
    const b = call('str_replace_editor', { command: 'view', path: 'a.py' }, 'def f(): ...');
    it('5 steps: not stuck', () => expect(at([a, b, a, b, a])).toEqual([]));
    it('6 steps: stuck at the 6th', () => expect(at([a, b, a, b, a, b])).toEqual([[6, 6, 'terminate', ALT]]));
    it('7 steps: stuck at the 6th and 7th', () => expect(at([a, b, a, b, a, b, a]).map((e) => e[0])).toEqual([6, 7]));
  });

  describe('scenario 5: two adjacent condensations among the last 10 (_is_stuck_context_window_error)', () => {
    const step = (i: number, before: ContextMessage[]): TurnSpec => ({
      before,
      calls: [call('read_file', { path: `f${i}` }, `v${i}`)],
    });
    const run = (n: number) => [
      step(0, [condensation, condensation]),
      ...Array.from({ length: n - 2 }, (_, i) => step(i + 1, [condensation])),
      step(n, []),
    ];
    it('9 condensations: not stuck', () => expect(at(run(9))).toEqual([]));
    it('10: stuck once the 10th is recorded, and at the next step', () =>
      expect(at(run(10))).toEqual([
        [9, 9, 'terminate', CTX],
        [10, 10, 'terminate', CTX],
      ]));
    it('11: the 11th pushes the adjacent pair out of the last 10, so only the step before it is stuck', () =>
      expect(at(run(11)).map((e) => e[0])).toEqual([9]));
  });

  describe('IPython edit_file_by_replace( cells compared by their first 3 lines, thought ignored (_eq_no_pid)', () => {
    // stuck.py _eq_no_pid: "if 'edit_file_by_replace(' in obj1.code and 'edit_file_by_replace(' in obj2.code:
    // return len(obj1.code.split('\n')) > 2 and obj1.code.split('\n')[:3] == obj2.code.split('\n')[:3]".
    const cell = (body: string, thought: string): TurnSpec => ({
      text: thought,
      calls: [
        call(
          'execute_ipython_cell',
          { code: `edit_file_by_replace(\n    'a.py',\n    to_replace="x = 1",\n    new_content="""${body}\n)` },
          [
            'Cell In[1], line 4',
            '    new_content="""',
            '                ^',
            'SyntaxError: unterminated string literal (detected at line 4)',
            '[Jupyter current working directory: /workspace]',
            '[Jupyter Python interpreter: /usr/bin/python]',
          ].join('\n'),
        ),
      ],
    });
    const tries = (n: number) => Array.from({ length: n }, (_, i) => cell(`x = ${i}`, `attempt ${i}`));
    it('scenario 2, 2 tries with other bodies and thoughts: not stuck', () => expect(at(tries(2))).toEqual([]));
    it('3: stuck at the 3rd (same first 3 lines, the same SyntaxError line)', () =>
      expect(at(tries(3))).toEqual([[3, 3, 'terminate', AE]]));
    it('4: stuck at the 3rd and the 4th', () => expect(at(tries(4)).map((e) => e[0])).toEqual([3, 4]));
    it('another 3rd line is another edit', () => {
      const other = cell('x = 9', 'attempt 9');
      const code = (other.calls![0].args as { code: string }).code.replace('x = 1', 'x = 2');
      other.calls![0].args = { code };
      expect(at([...tries(2), other])).toEqual([]);
    });
    it('scenario 1: the same cell under 4 thoughts is stuck at the 4th (the observation carries the code)', () => {
      const same = (i: number) => cell('x = 0', `thought ${i}`);
      const out = { ...same(0).calls![0], result: 'ok' };
      const pairs = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `thought ${i}`, calls: [out] }));
      expect(at(pairs(3))).toEqual([]);
      expect(at(pairs(4))).toEqual([[4, 4, 'terminate', AO]]);
      // Bodies that differ: the actions are equal, the observations (code + output) are not.
      const bodies = Array.from({ length: 4 }, (_, i) => ({
        calls: [{ ...cell(`x = ${i}`, '').calls![0], result: 'ok' }],
      }));
      expect(at(bodies)).toEqual([]);
    });
    it('a cell of 2 lines equals nothing, not even itself: 4 identical one-line edits are not stuck', () => {
      const short = call(
        'execute_ipython_cell',
        { code: "edit_file_by_replace('a.py', to_replace='x', new_content='y')" },
        'ok',
      );
      expect(at(times(5, short))).toEqual([]);
      // The same one-liner without the skill is compared whole: stuck at the 4th.
      const plain = call('execute_ipython_cell', { code: "print(open('a.py').read())" }, 'ok');
      expect(at(times(4, plain))).toEqual([[4, 4, 'terminate', AO]]);
    });
  });

  it('does not trigger on work that moves: edits that differ, tests whose failures change, varied messages', () => {
    const edit = (i: number) =>
      call('str_replace_editor', { command: 'str_replace', path: 'a.py', old_str: `x${i}`, new_str: `y${i}` }, 'ok');
    const test = (i: number) => call('execute_bash', { command: `pytest -k t${i}` }, `FAILED ${3 - i}`);
    expect(
      at([edit(1), test(1), edit(2), test(2), edit(3), test(3), 'Done with step 1.', 'Now step 2.', 'Finished.']),
    ).toEqual([]);
  });
});
