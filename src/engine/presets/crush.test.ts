/**
 * `crush` against charmbracelet/crush internal/agent/loop_detection.go @
 * 248fc9c0a0c9bff328d4568652de2c79970a611a: loopDetectionWindowSize = 10 (line 12),
 * loopDetectionMaxRepeats = 5 (line 13); fewer than 10 steps are never checked (line 20); a step
 * without calls is skipped (lines 29-31) but takes its place in the window (line 24); a signature
 * seen more than 5 times stops the run (line 33); the signature is name, input and output of each
 * call (getToolInteractionSignature).
 */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('crush')!;
const at = (items: Parameters<typeof transcriptOf>[0]) =>
  replay(transcriptOf(items), preset).events.map((e) => [e.turn, e.call ?? null, e.action]);
const loop = call('job_output', { id: 'j1' }, 'running');
const other = (i: number) => call('view', { file_path: `f${i}.go` }, `v${i}`);
const others = (n: number, from = 0) => Array.from({ length: n }, (_, i) => other(from + i));

describe('preset crush (loop_detection.go)', () => {
  it('is step-repeat, window 10, 5 repeats', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['step-repeat']);
  });
  it('5 identical steps among 10: nothing (line 33 needs more than 5)', () =>
    expect(at([...others(5), loop, loop, loop, loop, loop])).toEqual([]));
  it('6 identical steps among 10: the run stops at the 10th step', () =>
    expect(at([...others(4), loop, loop, loop, loop, loop, loop])).toEqual([[10, 10, 'terminate']]));
  it('7 identical steps among the last 10: reported at the 10th step and again at the 11th (after the stop)', () => {
    const r = replay(transcriptOf([...others(4), ...Array.from({ length: 7 }, () => loop)]), preset);
    expect(r.events.map((e) => [e.turn, e.afterStop ?? false])).toEqual([
      [10, false],
      [11, true],
    ]);
  });
  it('fewer than 10 steps are never checked (line 20): 9 identical steps, nothing', () =>
    expect(at(Array.from({ length: 9 }, () => loop))).toEqual([]));
  it('a text-only step fills the window (line 24): stopped at it', () =>
    expect(at([...Array.from({ length: 6 }, () => loop), ...others(3), 'Done.'])).toEqual([[10, null, 'terminate']]));
  it('the output is part of the signature: the same call with changing output is not a loop', () => {
    const poll = (i: number) => call('job_output', { id: 'j1' }, `running ${i}`);
    expect(at(Array.from({ length: 10 }, (_, i) => poll(i)))).toEqual([]);
  });
  it('a user prompt starts a new run', () => {
    const prompt: TurnSpec = { calls: [loop], before: [{ role: 'user', text: 'Go on.' }] };
    expect(at([...Array.from({ length: 5 }, () => loop), prompt, ...others(4)])).toEqual([]);
  });
});
