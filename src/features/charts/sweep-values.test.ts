import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../../engine/config';
import { emptyMetrics, summarize } from '../../engine/evaluate';
import { presetByName } from '../../engine/presets/index';
import {
  decimals,
  defaultSweepRange,
  niceStep,
  rangeValues,
  sameExceptParam,
  sweepableParams,
  sweepRows,
  type NumericSpec,
} from './sweep-values';

const int = (min: number, max: number): NumericSpec => ({ key: 'k', label: 'K', type: 'int', min, max });
const num = (min: number, max: number, step: number): NumericSpec => ({
  key: 'k',
  label: 'K',
  type: 'number',
  min,
  max,
  step,
});

describe('sweepable parameters', () => {
  it('lists the int and number parameters of enabled detectors only', () => {
    const params = sweepableParams(presetByName('chatloop')!);
    expect(params.map((p) => [p.path, p.current])).toEqual([
      ['detectors.exact-repeat.windowSize', 10],
      ['detectors.exact-repeat.maxDuplicates', 2],
      ['detectors.pattern.windowSize', 10],
      ['detectors.pattern.minPatternLength', 2],
      ['detectors.pattern.maxPatternLength', 5],
      ['detectors.pattern.minPatternRepetitions', 2],
    ]);
    expect(params[1].label).toBe('Exact repeat: Max duplicates in window');
    const judge = sweepableParams({ detectors: { 'llm-judge': { enabled: true }, pattern: { enabled: false } } });
    expect(judge.map((p) => p.path)).toContain('detectors.llm-judge.threshold');
    expect(judge.every((p) => p.detector === 'llm-judge')).toBe(true);
  });
});

describe('sweep ranges', () => {
  it('rounds steps to 1, 2 or 5 times a power of ten', () => {
    expect([0.09, 0.1, 0.25, 3, 7.5, 12, 1000].map(niceStep)).toEqual([0.1, 0.1, 0.5, 5, 10, 20, 1000]);
    expect([0.05, 10, 0.125, 1e-7].map(decimals)).toEqual([2, 0, 3, 7]);
  });
  it('centres about ten values on the current one, spilling over where a bound is near', () => {
    expect(defaultSweepRange(int(1, 100), 2)).toEqual({ from: 1, to: 10, step: 1 });
    expect(defaultSweepRange(int(1, 1000), 10)).toEqual({ from: 6, to: 15, step: 1 });
    expect(defaultSweepRange(int(1, 1000), 30)).toEqual({ from: 10, to: 55, step: 5 });
    expect(defaultSweepRange(int(1, 6), 3)).toEqual({ from: 1, to: 6, step: 1 });
    expect(defaultSweepRange(int(0, 20), 0)).toEqual({ from: 0, to: 9, step: 1 });
    expect(defaultSweepRange(num(0.01, 1, 0.01), 0.9)).toEqual({ from: 0.1, to: 1, step: 0.1 });
    expect(defaultSweepRange(num(0.5, 100, 0.5), 5)).toEqual({ from: 3, to: 7.5, step: 0.5 });
  });
  it('lists the values of a range inside the bounds, capped', () => {
    expect(rangeValues({ from: 1, to: 10, step: 1 }, int(1, 100))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rangeValues({ from: 0.1, to: 1, step: 0.1 }, num(0.01, 1, 0.01))).toEqual([
      0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
    ]);
    expect(rangeValues({ from: 12, to: -5, step: 2.4 }, int(1, 100))).toEqual([1, 3, 5, 7, 9, 11]);
    expect(rangeValues({ from: 1, to: 100, step: 1 }, int(1, 100), 5)).toEqual([1, 2, 3, 4, 5]);
    expect(rangeValues({ from: 4, to: 9, step: 0 }, num(0, 10, 0.5))).toEqual([4]);
    expect(rangeValues({ from: NaN, to: 9, step: 1 }, num(0, 10, 0.5))).toEqual([]);
  });
});

describe('sweep results', () => {
  it('tells whether the config changed beyond the swept parameter', () => {
    const a: EngineConfig = presetByName('chatloop')!;
    const b: EngineConfig = {
      ...a,
      detectors: { ...a.detectors, 'exact-repeat': { ...a.detectors['exact-repeat'], maxDuplicates: 7 } },
    };
    expect(sameExceptParam(a, b, 'detectors.exact-repeat.maxDuplicates')).toBe(true);
    expect(sameExceptParam(a, b, 'detectors.exact-repeat.windowSize')).toBe(false);
  });
  it('keeps alarms only without labels, rounds latency and F1', () => {
    const m = summarize({
      ...emptyMetrics(),
      transcripts: 2,
      alarms: 4,
      alarmsInSpans: 2,
      alarmsOutsideSpans: 2,
      fp: 1,
      spans: 3,
      caught: 2,
      missed: 1,
      clean: 1,
      cleanFlagged: 1,
      latencySum: 5,
      latencyCount: 3,
    });
    // caught 2, 1 false alarm (2 alarms close together), 1 missed: F1 = 4 / (4 + 1 + 1) = 0.667.
    expect(sweepRows([{ value: 3, metrics: m }], true)).toEqual([
      { value: 3, alarms: 4, alarmsIn: 2, alarmsOut: 2, fp: 1, missed: 1, cleanFlagged: 1, latency: 1.67, f1: 0.667 },
    ]);
    expect(sweepRows([{ value: 3, metrics: m }], false)).toEqual([
      {
        value: 3,
        alarms: 4,
        alarmsIn: null,
        alarmsOut: null,
        fp: null,
        missed: null,
        cleanFlagged: null,
        latency: null,
        f1: null,
      },
    ]);
    // No clean transcript in the set: nothing to flag.
    expect(sweepRows([{ value: 3, metrics: { ...m, clean: 0, cleanFlagged: 0 } }], true)[0].cleanFlagged).toBeNull();
  });
});
