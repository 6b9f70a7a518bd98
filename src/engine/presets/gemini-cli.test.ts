import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('gemini-cli')!;
const CHANT = 'I need to read the file again to see what changed there. ';

function distinct(n: number): TurnSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    text: `Step ${i + 1}.`,
    calls: [call('read_file', { path: `src/f${i}.ts` }, `v${i}`)],
  }));
}

describe('preset gemini-cli', () => {
  it('is a valid config: cycle (1-5 calls), content-chanting, llm-judge', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['cycle', 'content-chanting', 'llm-judge']);
  });

  it('triggers on the 5th identical consecutive call (recovery), halts on the 6th', () => {
    const same = call('run_shell_command', { command: 'ls missing/' }, { content: 'No such file', isError: true });
    const r = replay(transcriptOf([...distinct(2), same, same, same, same, same, same]), preset);
    expect(r.events.map((e) => [e.call, e.detector, e.action, e.level])).toEqual([
      [7, 'cycle', 'warn', 1],
      [8, 'cycle', 'terminate', 2],
    ]);
  });

  // loopDetectionService.ts after acae712 (google-gemini/gemini-cli#28429): cycles of 1-5 calls
  // repeated 5 times. Each case at 4, 5 and 6 repetitions.
  const cycleOf = (unit: ReturnType<typeof call>[], reps: number) => Array.from({ length: reps }, () => unit).flat();
  const cycleEvents = (items: Parameters<typeof transcriptOf>[0]) =>
    replay(transcriptOf(items), preset).events.map((e) => [e.call, e.action]);
  const A = call('read_file', { path: 'a' }, 'A');
  const B = call('read_file', { path: 'b' }, 'B');

  it('an A,B alternation repeated 5 times is a tool loop: warned at the 10th call, halted at the 12th', () => {
    expect(cycleEvents(cycleOf([A, B], 4))).toEqual([]);
    expect(cycleEvents(cycleOf([A, B], 5))).toEqual([[10, 'warn']]);
    expect(cycleEvents(cycleOf([A, B], 6))).toEqual([
      [10, 'warn'],
      [12, 'terminate'],
    ]);
  });

  it('a 5-call cycle repeated 5 times (25 calls, the whole history) is a tool loop', () => {
    const unit = ['a', 'b', 'c', 'd', 'e'].map((f) => call('read_file', { path: f }, f));
    expect(cycleEvents(cycleOf(unit, 4))).toEqual([]);
    expect(cycleEvents(cycleOf(unit, 5))).toEqual([[25, 'warn']]);
    expect(cycleEvents(cycleOf(unit, 6))).toEqual([
      [25, 'warn'],
      [30, 'terminate'],
    ]);
  });

  it('calls are keyed name:JSON.stringify(args): the same arguments in another key order are another call', () => {
    const ab = call('grep', { pattern: 'x', path: 'src' });
    const ba = call('grep', { path: 'src', pattern: 'x' });
    expect(cycleEvents([ab, ba, ab, ab, ab, ab])).toEqual([]);
    expect(cycleEvents([ab, ab, ab, ab, ab])).toEqual([[5, 'warn']]);
  });

  it('the tool-call history resets on a new prompt, not on the loop feedback', () => {
    const prompt = (text: string): TurnSpec => ({ calls: [A], before: [{ role: 'user', text }] });
    expect(cycleEvents([A, A, A, A, prompt('Now the docs.')])).toEqual([]);
    expect(cycleEvents([A, A, A, A, prompt('Please continue.')])).toEqual([[5, 'warn']]);
  });

  it('triggers on chanting text', () => {
    const r = replay(transcriptOf([...distinct(1), CHANT.repeat(12)]), preset);
    expect(r.events.map((e) => [e.turn, e.detector, e.action])).toEqual([[2, 'content-chanting', 'warn']]);
  });

  it('LLM check: first at turn 30, then every 10 turns while unanswered; strike 1 warns, strike 2 halts', () => {
    const t = transcriptOf(distinct(45));
    t.judge = [
      { turn: 30, model: 'flash', confidence: 0.95 },
      { turn: 40, model: 'flash', confidence: 0.97 },
      { turn: 40, model: 'pro', confidence: 0.93 },
    ];
    const r = replay(t, preset);
    expect(r.checks.map((c) => [c.turn, c.model, c.confidence, c.nextInterval])).toEqual([
      [30, 'flash', 0.95, 10],
      [30, 'pro', null, 10],
      [40, 'flash', 0.97, 10],
      [40, 'pro', 0.93, 10],
    ]);
    expect(r.events.map((e) => [e.turn, e.detector, e.action, e.level])).toEqual([
      [30, 'llm-judge', 'warn', 1],
      [40, 'llm-judge', 'terminate', 2],
    ]);
  });

  it('does not trigger on legitimate work (4 identical calls, low judge confidence, a new prompt)', () => {
    const same = call('read_file', { path: 'a.ts' }, 'A');
    const items: TurnSpec[] = [
      ...distinct(30),
      { calls: [same] },
      { calls: [same] },
      { calls: [same] },
      { calls: [same] },
      ...distinct(10),
    ];
    items[35] = { ...items[35], before: [{ role: 'user', text: 'Now the docs, please.' }] };
    const t = transcriptOf(items);
    t.judge = [{ turn: 30, model: 'flash', confidence: 0.2 }];
    const r = replay(t, preset);
    expect(r.events).toEqual([]);
    // 0.2 → round(5 + 10 × 0.8) = 13; the user prompt at turn 36 restarts the count before 43.
    expect(r.checks.map((c) => [c.turn, c.nextInterval])).toEqual([[30, 13]]);
  });
});
