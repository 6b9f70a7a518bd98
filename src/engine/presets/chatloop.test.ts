import { describe, expect, it } from 'vitest';
import { validateConfig, type EngineConfig } from '../config';
import { call, run, transcriptOf, type CallSpec } from '../test-util';
import type { DetectorEvent } from '../types';
import { presetByName } from './index';

const preset = (name: string): EngineConfig => {
  const p = presetByName(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const times = (n: number, c: CallSpec) => Array.from({ length: n }, () => c);
/** [call, detector, action, level] in replay order. */
const seen = (events: DetectorEvent[]) => events.map((e) => [e.call, e.detector, e.action, e.level]);

const ls = call('bash', { command: 'ls' });
const A = call('read', { path: 'src/a.rs' });
const B = call('bash', { command: 'cargo build' });
const C = call('edit', { path: 'src/a.rs', old: 'x', new: 'y' });
const other = (i: number) => call('read', { path: `f${i}.rs` });

describe("chatloop presets are valid configs with the ChatLoop design's values", () => {
  it.each(['chatloop', 'chatloop-conservative', 'chatloop-aggressive'])(
    '%s validates and leaves levels 3-4 out',
    (name) => {
      const p = preset(name);
      expect(validateConfig(structuredClone(p))).toEqual(p);
      expect(Object.keys(p.detectors).sort()).toEqual(['exact-repeat', 'pattern']);
    },
  );

  it('the balanced default is LoopDetectorConfig::default()', () => {
    expect(preset('chatloop').detectors).toEqual({
      'exact-repeat': { windowSize: 10, maxDuplicates: 2, actions: ['warn', 'warn', 'terminate'] },
      pattern: {
        windowSize: 10,
        minPatternLength: 2,
        maxPatternLength: 5,
        minPatternRepetitions: 2,
        actions: ['warn', 'warn', 'terminate'],
      },
    });
  });
});

describe("chatloop (the ChatLoop design's balanced default): its unit tests on the preset", () => {
  const cfg = preset('chatloop');

  it('test_exact_duplicate_detection: 3 identical calls trigger', () => {
    expect(seen(run(transcriptOf([ls, ls, ls]), cfg).events)).toEqual([[3, 'exact-repeat', 'warn', 1]]);
  });

  it('test_pattern_detection: A→B→A→B', () => {
    expect(seen(run(transcriptOf([A, B, A, B]), cfg).events)).toEqual([[4, 'pattern', 'warn', 1]]);
  });

  it('test_no_false_positives: different calls do not trigger', () => {
    expect(run(transcriptOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(other)), cfg).events).toEqual([]);
  });

  it('test_graduated_response: Warn → Warn → Terminate (each detector escalates on its own)', () => {
    const r = run(transcriptOf(times(5, ls)), cfg);
    expect(seen(r.events)).toEqual([
      [3, 'exact-repeat', 'warn', 1],
      [4, 'exact-repeat', 'warn', 2],
      [4, 'pattern', 'warn', 1],
      [5, 'exact-repeat', 'terminate', 3],
      [5, 'pattern', 'warn', 2],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 5, call: 5 });
  });

  it('test_window_size_limit: old calls are discarded', () => {
    const inside = [ls, ls, ...[1, 2, 3, 4, 5, 6, 7, 8].map(other), ls];
    expect(seen(run(transcriptOf(inside), cfg).events)).toEqual([[11, 'exact-repeat', 'warn', 1]]);
    const outside = [ls, ls, ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(other), ls];
    expect(run(transcriptOf(outside), cfg).events).toEqual([]);
  });

  it('test_clear_resets_state: a fresh replay of the same transcript starts from level 1', () => {
    const t = transcriptOf(times(4, ls));
    const first = run(t, cfg);
    expect(run(t, cfg).events).toEqual(first.events);
    expect(first.events[0].level).toBe(1);
  });

  it('does not trigger on legitimate varied work', () => {
    expect(run(transcriptOf([A, B, C, other(1), B, other(2), C, other(3)]), cfg).events).toEqual([]);
  });
});

describe("chatloop-conservative (the ChatLoop design's example)", () => {
  const cfg = preset('chatloop-conservative');

  it('triggers: the 5th identical call, then warn / warn / warn / terminate', () => {
    const r = run(transcriptOf(times(8, ls)), cfg);
    expect(seen(r.events.filter((e) => e.detector === 'exact-repeat'))).toEqual([
      [5, 'exact-repeat', 'warn', 1],
      [6, 'exact-repeat', 'warn', 2],
      [7, 'exact-repeat', 'warn', 3],
      [8, 'exact-repeat', 'terminate', 4],
    ]);
    // a 3-call pattern seen three times
    expect(seen(run(transcriptOf([A, B, C, A, B, C, A, B, C]), cfg).events)).toEqual([[9, 'pattern', 'warn', 1]]);
  });

  it('does not trigger where the balanced preset stops the run: A→B three times, 4 identical calls', () => {
    expect(run(transcriptOf([A, B, A, B, A, B]), preset('chatloop')).stoppedAt).toEqual({ turn: 6, call: 6 });
    expect(run(transcriptOf([A, B, A, B, A, B]), cfg).events).toEqual([]);
    expect(run(transcriptOf(times(4, ls)), cfg).events).toEqual([]);
  });
});

describe("chatloop-aggressive (the ChatLoop design's example, loop_detection_demo.rs)", () => {
  const cfg = preset('chatloop-aggressive');

  it('triggers: the 2nd identical call warns, the 3rd terminates', () => {
    const r = run(transcriptOf(times(3, ls)), cfg);
    expect(seen(r.events.filter((e) => e.detector === 'exact-repeat'))).toEqual([
      [2, 'exact-repeat', 'warn', 1],
      [3, 'exact-repeat', 'terminate', 2],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 3, call: 3 });
  });

  it('triggers on A→B→A→B: the 3rd call is already a duplicate', () => {
    expect(seen(run(transcriptOf([A, B, A, B]), cfg).events)).toEqual([
      [3, 'exact-repeat', 'warn', 1],
      [4, 'exact-repeat', 'terminate', 2],
      [4, 'pattern', 'warn', 1],
    ]);
  });

  it('does not trigger on distinct calls', () => {
    expect(run(transcriptOf([A, B, C, other(1), other(2)]), cfg).events).toEqual([]);
  });
});
