/**
 * `pydantic-deepagents` against vstorm-co/pydantic-deepagents pydantic_deep/capabilities/stuck_loop.py
 * at 4a3666da898eb8ff027d3fa62a49521ad383498c (StuckLoopDetection, max_repeated = 3, action "warn"):
 * each check at threshold - 1, threshold and threshold + 1.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('pydantic-deepagents')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [
    e.turn,
    e.action,
    e.level,
    e.message.split(' ').slice(0, 4).join(' '),
  ]);
const REPEATED = 'You called `read_file` with';
const NOOP = '`attach_file` returned the same';

describe('preset pydantic-deepagents (StuckLoopDetection)', () => {
  it('is the stuck-loop detector with the source defaults, warning', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['stuck-loop']);
  });

  // _check_repeated: "tail = history[-n:]; if all(entry == tail[0] for entry in tail)"
  describe('repeated: the same (tool, args hash) 3 times in a row', () => {
    const same = (i: number) => call('read_file', { path: 'a.py' }, `v${i}`);
    it('2: nothing', () => expect(at([same(1), same(2)])).toEqual([]));
    it('3: a warning at the 3rd', () => expect(at([same(1), same(2), same(3)])).toEqual([[3, 'warn', 1, REPEATED]]));
    it('4: again at the 4th (nothing is cleared)', () =>
      expect(at([same(1), same(2), same(3), same(4)]).map((e) => e.slice(0, 3))).toEqual([
        [3, 'warn', 1],
        [4, 'warn', 2],
      ]));
    it('arguments are hashed with sorted keys: key order does not matter', () =>
      expect(
        at([
          call('read_file', { path: 'a', limit: 1 }, 'x1'),
          call('read_file', { limit: 1, path: 'a' }, 'x2'),
          call('read_file', { path: 'a', limit: 1 }, 'x3'),
        ]).map((e) => e[0]),
      ).toEqual([3]));
  });

  // _check_alternating: "n = self.max_repeated * 2 ... a, b = tail[0], tail[1]; if a == b: return None"
  describe('alternating: two different calls alternating over 2 x 3 calls', () => {
    const a = (i: number) => call('grep', { q: 'x' }, `hits ${i}`);
    const b = (i: number) => call('read_file', { path: 'a.py' }, `text ${i}`);
    const run = (k: number) => Array.from({ length: k }, (_, i) => (i % 2 === 0 ? a(i) : b(i)));
    it('5 calls: nothing', () => expect(at(run(5))).toEqual([]));
    it('6 calls: a warning at the 6th', () =>
      expect(at(run(6))).toEqual([[6, 'warn', 1, "You're alternating between `grep`"]]));
    it('7 calls: again at the 7th (B,A,B,A,B,A alternates too)', () =>
      expect(at(run(7)).map((e) => e[0])).toEqual([6, 7]));
  });

  // _check_noop: the (tool_name, result_hash) history, arguments ignored (pydantic-deepagents' attach_file case).
  describe('no-op: the same tool returning the same result 3 times in a row, whatever the arguments', () => {
    const attach = (f: string) => call('attach_file', { email_id: '1', filename: f }, 'True');
    it('2: nothing', () => expect(at([attach('a.txt'), attach('b.txt')])).toEqual([]));
    it('3 different files, the same result: a warning at the 3rd', () =>
      expect(at([attach('a.txt'), attach('b.txt'), attach('c.txt')])).toEqual([[3, 'warn', 1, NOOP]]));
    it('4: again at the 4th', () =>
      expect(at([attach('a'), attach('b'), attach('c'), attach('d')]).map((e) => e[0])).toEqual([3, 4]));
    it('another tool with the same result text between breaks it', () =>
      expect(at([attach('a'), attach('b'), call('send', { id: 1 }, 'True'), attach('c')])).toEqual([]));
  });

  it('one agent run per user prompt (for_run): a user message starts the histories again', () => {
    const same = call('read_file', { path: 'a.py' }, 'v');
    const after: TurnSpec = { calls: [same], before: [{ role: 'user', text: 'try again' }] };
    expect(at([same, same, after])).toEqual([]);
    expect(at([same, same, after, same, same]).map((e) => e[0])).toEqual([5]);
  });

  it('a call that did not run (no result) is not recorded', () => {
    const same = call('read_file', { path: 'a.py' }, 'v');
    const pending = call('read_file', { path: 'a.py' });
    expect(at([same, same, pending])).toEqual([]);
    expect(at([same, same, pending, same]).map((e) => e[0])).toEqual([4]);
  });
});
