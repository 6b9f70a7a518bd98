import { describe, expect, it } from 'vitest';
import type { JudgeRecord } from '../../model/transcript';
import { validateConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { presetByName } from './index';

const preset = presetByName('llm-check')!;

function withJudge(n: number, judge: JudgeRecord[], looping = false) {
  const t = transcriptOf(
    Array.from({ length: n }, (_, i) => call('read_file', { path: looping ? 'a.ts' : `f${i}.ts` }, 'x')),
  );
  t.judge = judge;
  return t;
}

describe("preset llm-check (Gemini CLI's LLM loop check)", () => {
  it('is a valid config running only llm-judge', () => {
    expect(validateConfig(preset)).toBe(preset);
    expect(Object.keys(preset.detectors)).toEqual(['llm-judge']);
  });

  it('triggers: flash and pro confident at turn 33 stop the run there', () => {
    const r = replay(
      withJudge(
        40,
        [
          { turn: 30, model: 'flash', confidence: 0.5 },
          { turn: 33, model: 'flash', confidence: 0.96 },
          { turn: 33, model: 'pro', confidence: 0.92 },
        ],
        true,
      ),
      preset,
    );
    expect(r.events.map((e) => [e.turn, e.detector, e.action, e.level])).toEqual([[33, 'llm-judge', 'terminate', 1]]);
    expect(r.stoppedAt).toEqual({ turn: 33 });
  });

  it('does not trigger on low confidences; checks follow the schedule', () => {
    const judge: JudgeRecord[] = [30, 33, 48].map((turn) => ({ turn, model: 'flash', confidence: 0 }));
    const r = replay(withJudge(50, judge), preset);
    expect(r.events).toEqual([]);
    expect(r.checks.map((c) => [c.turn, c.nextInterval])).toEqual([
      [30, 3],
      [33, 15],
      [48, 15],
    ]);
  });
});
