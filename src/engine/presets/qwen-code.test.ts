/**
 * `qwen-code` against QwenLM/qwen-code packages/core/src/services/loopDetectionService.ts @
 * 00aa71b4a0a37df1c392eb9b90e1c53d008fdce5: TOOL_CALL_LOOP_THRESHOLD = 5 (line 45),
 * FILE_READ_THRESHOLD = 8 and FILE_READ_WINDOW = 15 (lines 89-90), STAGNATION_THRESHOLD = 8
 * (line 93), SHELL_COMMAND_STAGNATION_THRESHOLD (line 99), GLOBAL_DUPLICATE_THRESHOLD = 6
 * (line 105), ALTERNATING_PATTERN_CYCLES = 3 (line 109), DEFAULT_MAX_TOOL_CALLS_PER_TURN = 100
 * (line 128), ADAPTIVE_CAP_HARD_MULTIPLIER = 10 (line 136); CONTENT_LOOP_THRESHOLD = 10,
 * CONTENT_CHUNK_SIZE = 50, MAX_HISTORY_LENGTH = 1000 (lines 46-48), the average distance of at
 * most 1.5 chunks (`isLoopDetectedForChunk`). Each rule at threshold − 1, threshold
 * and threshold + 1 (the first detection halts the turn, so + 1 adds nothing).
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type CallSpec, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('qwen-code')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.call, e.action, /\((\w+)\)/.exec(e.message)![1]]);
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const test = call('run_shell_command', { command: 'npm test' }, 'FAIL');
const edit = (i: number) => call('edit', { file_path: `src/f${i}.ts`, old_string: 'a', new_string: `b${i}` }, 'ok');

describe('preset qwen-code (loopDetectionService.ts)', () => {
  it('is qwen-loop with the constants of the source', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['qwen-loop', 'content-chanting']);
    expect(preset.detectors).toMatchObject({
      'qwen-loop': expect.objectContaining({
        consecutiveThreshold: 5,
        globalDuplicateThreshold: 6,
        alternatingCycles: 3,
        sameNameThreshold: 8,
        fileReadThreshold: 8,
        fileReadWindow: 15,
        shellInspectionThreshold: 8,
        turnCap: 100,
        actions: ['terminate'],
      }),
    });
  });

  it('consecutive identical calls (line 45): 4 nothing, the 5th halts, the 6th adds nothing', () => {
    expect(at(times(4, () => test))).toEqual([]);
    expect(at(times(5, () => test))).toEqual([[5, 'terminate', 'consecutive_identical_tool_calls']]);
    expect(at(times(6, () => test))).toEqual([[5, 'terminate', 'consecutive_identical_tool_calls']]);
  });

  it('a new prompt resets the guards (reset(promptId))', () => {
    const prompt: TurnSpec = { calls: [test], before: [{ role: 'user', text: 'Try again.' }] };
    expect(at([...times(4, () => test), prompt, ...times(3, () => test)])).toEqual([]);
  });

  it('one call anywhere in the prompt (line 105): 5 times nothing, the 6th halts', () => {
    const spread = (n: number) => times(n, (i) => [test, edit(i)]).flat();
    expect(at(spread(5).slice(0, -1))).toEqual([]);
    expect(at([...spread(5), test])).toEqual([[11, 'terminate', 'global_tool_call_duplicate']]);
    expect(at([...spread(6), test])).toEqual([[11, 'terminate', 'global_tool_call_duplicate']]);
  });

  it('A,B alternating (line 109): 5 calls nothing, the 6th (3 cycles) halts', () => {
    const a = call('run_shell_command', { command: 'npm run build' }, 'err');
    const b = edit(1);
    expect(at([a, b, a, b, a])).toEqual([]);
    expect(at([a, b, a, b, a, b])).toEqual([[6, 'terminate', 'alternating_tool_call_pattern']]);
    expect(at([a, b, a, b, a, b, a])).toEqual([[6, 'terminate', 'alternating_tool_call_pattern']]);
  });

  it('reads (lines 89-90): after a non-read tool, 7 reads nothing, the 8th read among 15 calls halts', () => {
    const read = (i: number) =>
      i % 2 ? call('list_directory', { path: `d${i}` }, 'x') : call('read_file', { path: `f${i}` }, 'x');
    expect(at([edit(0), ...times(7, read)])).toEqual([]);
    expect(at([edit(0), ...times(8, read)])).toEqual([[9, 'terminate', 'read_file_loop']]);
    expect(at([edit(0), ...times(9, read)])).toEqual([[9, 'terminate', 'read_file_loop']]);
  });

  it('reads before any other tool are exploration (the cold-start gate)', () => {
    const read = (i: number) =>
      i % 2 ? call('list_directory', { path: `d${i}` }) : call('read_file', { path: `f${i}` });
    expect(at(times(14, read))).toEqual([]);
  });

  it('one tool name in a row (line 93): 7 nothing, the 8th halts', () => {
    expect(at(times(7, edit))).toEqual([]);
    expect(at(times(8, edit))).toEqual([[8, 'terminate', 'action_stagnation']]);
    expect(at(times(9, edit))).toEqual([[8, 'terminate', 'action_stagnation']]);
  });

  it('overview git inspections (line 99, always on): 7 nothing, the 8th halts', () => {
    const cmds = ['git status', 'git status --short', 'git diff', 'git diff HEAD~1', 'git --no-pager diff --stat'];
    const git = (i: number) => call('run_shell_command', { command: cmds[i % cmds.length] }, 'M a.ts');
    expect(at(times(7, git))).toEqual([]);
    expect(at(times(8, git))).toEqual([[8, 'terminate', 'shell_command_stagnation']]);
    expect(at(times(9, git))).toEqual([[8, 'terminate', 'shell_command_stagnation']]);
  });

  it('a diff of one file breaks the inspection streak; the guard is on without the heuristics', () => {
    const cmds = ['git status', 'git status --short', 'git diff', 'git diff HEAD~1'];
    const git = (i: number) => call('run_shell_command', { command: cmds[i % cmds.length] }, 'M a.ts');
    const fileDiff = call('run_shell_command', { command: 'git diff -- a.ts' }, '+b');
    const alwaysOn = { name: 'qwen-code without heuristics', detectors: { 'qwen-loop': { heuristics: false } } };
    const on = (items: CallSpec[]) => replay(transcriptOf(items), alwaysOn).events.map((e) => e.call);
    expect(on([...times(4, git), fileDiff, ...times(4, git)])).toEqual([]);
    expect(on(times(8, git))).toEqual([8]);
  });

  it("out of the box (the CLI's skipLoopDetection ?? true): only the always-on guards", () => {
    const cli = { name: 'qwen-code, CLI defaults', detectors: { 'qwen-loop': { heuristics: false } } };
    const on = (items: CallSpec[]) => replay(transcriptOf(items), cli).events.map((e) => e.call);
    const a = call('run_shell_command', { command: 'npm run build' }, 'err');
    expect(on(times(8, (i) => (i % 2 ? edit(1) : a)))).toEqual([]);
    expect(on(times(5, () => test))).toEqual([5]);
  });

  it('the turn cap (lines 128, 136): 1000 varied calls pass the soft cap, the 1001st halts', () => {
    const varied = (i: number) => call(`tool_${i % 3}`, { i }, `r${i}`);
    expect(at(times(1000, varied))).toEqual([]);
    expect(at(times(1001, varied))).toEqual([[1001, 'terminate', 'turn_tool_call_cap']]);
  });

  it('task_list (stateful) repeated with changing results is polling, not a loop', () => {
    const poll = (i: number) => call('task_list', {}, `3 open, ${i} done`);
    expect(at(times(6, poll))).toEqual([]);
    const frozen = call('task_list', {}, '3 open, 0 done');
    expect(at(times(5, () => frozen))).toEqual([[5, 'terminate', 'consecutive_identical_tool_calls']]);
  });

  it('task_list with the same result, interleaved: the 6th identical result halts (counted at result time)', () => {
    const frozen = call('task_list', {}, '3 open, 0 done');
    expect(at(times(5, (i) => [frozen, edit(i)]).flat())).toEqual([]);
    expect(at([...times(5, (i) => [frozen, edit(i)]).flat(), frozen])).toEqual([
      [11, 'terminate', 'global_tool_call_duplicate'],
    ]);
  });

  describe('content chanting (lines 46-48)', () => {
    const sentence = 'I will read the configuration file again to check. ';
    const events = (text: string) =>
      replay(transcriptOf([text]), preset).events.map((e) => [e.turn, e.detector, e.action]);
    it('a 51-character sentence 9 times: nothing; 10 times: the turn halts; 11 times: once', () => {
      expect(sentence.length).toBe(51);
      expect(events(sentence.repeat(9))).toEqual([]);
      expect(events(sentence.repeat(10))).toEqual([[1, 'content-chanting', 'terminate']]);
      expect(events(sentence.repeat(11))).toEqual([[1, 'content-chanting', 'terminate']]);
    });
    it("a bulleted list ('- ' items, one a line) resets the tracking at each item: not a loop", () =>
      expect(events(Array.from({ length: 30 }, () => `- ${sentence}`).join('\n'))).toEqual([]));
  });
});
