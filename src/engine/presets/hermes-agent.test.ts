/**
 * `hermes-agent` against NousResearch/hermes-agent agent/tool_guardrails.py @
 * 06c25ac90be80f38672ba0169814d9620fe8c9fa: ToolCallGuardrailConfig (exact_failure_warn_after 2,
 * exact_failure_block_after 5, same_tool_failure_warn_after 3, same_tool_failure_halt_after 8,
 * no_progress_warn_after 2, no_progress_block_after 5), STALL_GUARD_IDENTICAL_CALL_THRESHOLD = 3
 * (line 39), _STALL_GUARD_MAX_CYCLE_PERIOD = 4 (line 46), _STALL_GUARD_CYCLE_HISTORY = 64
 * (line 48), LoopCapConfig max_web_searches 50. Each ladder at threshold − 1, threshold, + 1.
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('hermes-agent')!;
const at = (items: Parameters<typeof transcriptOf>[0], config = preset) =>
  replay(transcriptOf(items), config).events.map((e) => [e.call, e.action]);
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
// The same failing call, its error text changing (a timestamp), so no identical (call, result) streak forms.
const failing = (i: number) => call('patch', { path: 'a.py', old: 'x', new: 'y' }, `Error: no match (attempt ${i})`);
const warns = (from: number, to: number) => times(to - from + 1, (i) => [from + i, 'warn']);

describe('preset hermes-agent (tool_guardrails.py)', () => {
  it('is hermes-guard with hard stops on', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(preset.detectors).toEqual({ 'hermes-guard': expect.objectContaining({ hardStop: true }) });
  });

  it('the same failing call: a warning from the 2nd failure; the 6th call, after 5 failures, is refused', () => {
    expect(at(times(1, failing))).toEqual([]);
    expect(at(times(2, failing))).toEqual(warns(2, 2));
    expect(at(times(5, failing))).toEqual(warns(2, 5));
    expect(at(times(6, failing))).toEqual([...warns(2, 5), [6, 'block']]);
    expect(at(times(7, failing))).toEqual([...warns(2, 5), [6, 'block']]);
  });

  it('one tool failing with other arguments: a warning from the 3rd, a halt at the 8th', () => {
    const other = (i: number) => call('patch', { path: `f${i}.py` }, `Error: no match in f${i}.py`);
    expect(at(times(2, other))).toEqual([]);
    expect(at(times(3, other))).toEqual(warns(3, 3));
    expect(at(times(7, other))).toEqual(warns(3, 7));
    expect(at(times(8, other))).toEqual([...warns(3, 7), [8, 'terminate']]);
    expect(at(times(9, other))).toEqual([...warns(3, 7), [8, 'terminate']]);
  });

  it('terminal failures with other commands are diagnosis: warned, never halted', () => {
    const cmd = (i: number) => call('terminal', { command: `make t${i}` }, `{"exit_code": 2, "output": "t${i}"}`);
    expect(at(times(9, cmd))).toEqual(warns(3, 9));
  });

  it('a read-only call returning the same result: warned from the 2nd, the 6th refused', () => {
    const read = call('read_file', { path: 'a.py' }, 'print(1)');
    const clock = (i: number) => call('terminal', { command: 'date' }, `{"exit_code": 0, "output": "12:0${i}"}`);
    const pairs = (n: number) => times(n, (i) => [read, clock(i)]).flat();
    expect(at(pairs(1))).toEqual([]);
    expect(at(pairs(2))).toEqual([[3, 'warn']]);
    expect(at(pairs(5))).toEqual([
      [3, 'warn'],
      [5, 'warn'],
      [7, 'warn'],
      [9, 'warn'],
    ]);
    expect(at([...pairs(5), read])).toEqual([
      [3, 'warn'],
      [5, 'warn'],
      [7, 'warn'],
      [9, 'warn'],
      [11, 'block'],
    ]);
  });

  it('the same call with the same result in a row: a notice at the 3rd, a halt at the 5th', () => {
    const ls = call('terminal', { command: 'ls' }, '{"exit_code": 0, "output": "a.py"}');
    expect(at(times(2, () => ls))).toEqual([]);
    expect(at(times(3, () => ls))).toEqual(warns(3, 3));
    expect(at(times(5, () => ls))).toEqual([...warns(3, 4), [5, 'terminate']]);
    expect(at(times(6, () => ls))).toEqual([...warns(3, 4), [5, 'terminate']]);
  });

  it('a cycle of 2 calls with the same results: a notice at 3 laps (6th call), a halt at 5 laps (10th)', () => {
    const a = call('terminal', { command: 'make' }, '{"exit_code": 0, "output": "built"}');
    const b = call('execute_code', { code: 'run()' }, '{"stdout": "ok", "duration_seconds": 0.5}');
    const cycle = (n: number) => times(n, (i) => (i % 2 ? b : a));
    expect(at(cycle(5))).toEqual([]);
    expect(at(cycle(6))).toEqual(warns(6, 6));
    expect(at(cycle(10))).toEqual([...warns(6, 9), [10, 'terminate']]);
    expect(at(cycle(11))).toEqual([...warns(6, 9), [10, 'terminate']]);
  });

  it('execute_code bookkeeping (duration_seconds, kernel.execution_count) does not make a result new', () => {
    const run = (i: number) =>
      call(
        'execute_code',
        { code: 'x' },
        `{"stdout": "", "duration_seconds": ${i}, "kernel": {"execution_count": ${i}}}`,
      );
    expect(at(times(3, run))).toEqual(warns(3, 3));
  });

  it('web_search: 50 per turn, the 51st refused; a user message starts a new turn', () => {
    const search = (i: number) => call('web_search', { query: `q${i}` }, `r${i}`);
    expect(at(times(50, search))).toEqual([]);
    expect(at(times(51, search))).toEqual([[51, 'block']]);
    const prompt: TurnSpec = { calls: [search(50)], before: [{ role: 'user', text: 'More.' }] };
    expect(at([...times(50, search), prompt])).toEqual([]);
  });

  it('with hard stops off (the CLI default) the ladders only warn', () => {
    const cli = { name: 'hermes cli', detectors: { 'hermes-guard': { hardStop: false } } };
    expect(at(times(7, failing), cli)).toEqual(warns(2, 7));
  });
});
