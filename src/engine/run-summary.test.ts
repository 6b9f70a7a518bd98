/**
 * The library's triage figures of a run: exact values on the bundled samples, and the same
 * caught / false alarms / F1 / premature stop as the full evaluation for every preset.
 */
import { describe, expect, it } from 'vitest';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import type { Transcript } from '../model/transcript';
import { BUNDLED_SAMPLES, bundledSampleText } from '../samples/bundled.test-util';
import { resolveConfig } from './config';
import { evaluate, summarize } from './evaluate';
import { PRESETS, presetByName } from './presets/index';
import { replay } from './replay';
import { replayDigest, summarizeRun } from './run-summary';

async function sample(name: string): Promise<Transcript> {
  const file = `${name}.loop.jsonl`;
  return (await importSource(sourceFromText(file, bundledSampleText(name)))).transcripts[0];
}

function summary(t: Transcript, preset: string, labels = t.labels) {
  const c = resolveConfig(presetByName(preset)!);
  return summarizeRun(replayDigest(replay(t, c), c.countAction), labels);
}

describe('summarizeRun', () => {
  it('a looping run under chatloop: 24 alarms from turn 5, stops at 7, one false alarm after the span (turn 18)', async () => {
    const t = await sample('edit-test-oscillation');
    const c = resolveConfig(presetByName('chatloop')!);
    const d = replayDigest(replay(t, c), c.countAction);
    expect(d.alarmTurns).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18]);
    expect(summarizeRun(d, t.labels)).toEqual({
      turns: 18,
      alarms: 24,
      firstAlarm: 5,
      stoppedAt: 7,
      // 24 alarms of four detectors, all on the one loop.
      loopsSeen: 1,
      reached: { action: 'terminate', turn: 7 },
      warnedAt: 5,
      blockedAt: 7,
      labelled: true,
      loops: 1,
      caught: 1,
      falseAlarms: 1,
      prematureStop: false,
      f1: 2 / 3,
    });
  });

  it('a healthy labelled run: no alarms under recommended, eight false alarms and a premature stop under chatloop', async () => {
    const t = await sample('healthy-docstrings');
    expect(summary(t, 'recommended')).toMatchObject({
      alarms: 0,
      firstAlarm: null,
      stoppedAt: null,
      loops: 0,
      f1: null,
    });
    expect(summary(t, 'chatloop')).toMatchObject({
      alarms: 8,
      firstAlarm: 9,
      stoppedAt: 15,
      labelled: true,
      loops: 0,
      falseAlarms: 8,
      prematureStop: true,
      f1: null,
    });
  });

  it('without labels: alarms and stop are reported, nothing is scored', async () => {
    const t = await sample('missing-path-ls-loop');
    expect(summary(t, 'chatloop', [])).toEqual({
      turns: 18,
      alarms: 19,
      firstAlarm: 8,
      stoppedAt: 10,
      loopsSeen: 1,
      reached: { action: 'terminate', turn: 10 },
      warnedAt: 8,
      blockedAt: 10,
      labelled: false,
      loops: 0,
      caught: 0,
      falseAlarms: 0,
      prematureStop: false,
      f1: null,
    });
  });

  it('a label moved off the alarms: the loop is missed and F1 drops to 0', async () => {
    const t = await sample('same-error-forever');
    // The default config only warns: what it would do is a warning at turn 4, one loop.
    expect(summary(t, 'recommended')).toMatchObject({
      firstAlarm: 4,
      caught: 1,
      falseAlarms: 0,
      f1: 1,
      loopsSeen: 1,
      reached: { action: 'warn', turn: 4 },
      blockedAt: null,
      stoppedAt: null,
    });
    const s = summary(t, 'recommended', [{ startTurn: 9, endTurn: 10, kind: 'loop' }]);
    expect(s).toMatchObject({ alarms: 2, firstAlarm: 4, loops: 1, caught: 0, falseAlarms: 2, f1: 0 });
  });

  it('agrees with evaluate() on every sample under every preset', async () => {
    for (const name of BUNDLED_SAMPLES) {
      const t = await sample(name);
      for (const p of PRESETS) {
        const c = resolveConfig(p);
        const r = replay(t, c);
        const s = summarizeRun(replayDigest(r, c.countAction), t.labels);
        const m = summarize(evaluate(r, t, { countAction: c.countAction }));
        const where = `${name} / ${p.name}`;
        expect([s.alarms, s.caught, s.falseAlarms, s.f1, s.prematureStop ? 1 : 0], where).toEqual([
          m.alarms,
          m.caught,
          m.fp,
          m.f1,
          m.prematureStops,
        ]);
      }
    }
  });
});
