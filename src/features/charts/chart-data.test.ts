import { describe, expect, it } from 'vitest';
import type { FingerprintSeries } from '../../engine/series';
import type { CycleSample, JudgeCheck } from '../../engine/types';
import {
  niceTicks,
  checkRows,
  checkSources,
  cycleSeries,
  fingerprintBars,
  fingerprintLines,
  lastAtOrBefore,
  pointsUpTo,
} from './chart-data';
import { fingerprintLabel } from './fingerprint-labels';
import { bucketCycles, columnarFingerprints } from '../../workers/chart-buckets';

const fpSeries: FingerprintSeries = {
  top: [
    { fingerprint: 'ls:{"path":"src/plugins"}', name: 'ls', count: 5 },
    { fingerprint: 'write:{"content":"# Page 0\\nmore","path":"docs/page-0.md"}', name: 'write', count: 2 },
  ],
  timeline: [
    { turn: 1, counts: [1, 0] },
    { turn: 2, counts: [2, 0] },
    { turn: 4, counts: [3, 1] },
    { turn: 6, counts: [5, 2] },
  ],
};
const fp = columnarFingerprints(fpSeries);

describe('lastAtOrBefore', () => {
  it('finds the last row at or before the turn', () => {
    expect(lastAtOrBefore(fpSeries.timeline, 0)).toBe(-1);
    expect(lastAtOrBefore(fpSeries.timeline, 1)).toBe(0);
    expect(lastAtOrBefore(fpSeries.timeline, 3)).toBe(1);
    expect(lastAtOrBefore(fpSeries.timeline, 4)).toBe(2);
    expect(lastAtOrBefore(fpSeries.timeline, 99)).toBe(3);
    expect(lastAtOrBefore([], 5)).toBe(-1);
  });
});

describe('niceTicks', () => {
  it('steps by a round number up to at least n', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(5)).toEqual([0, 2, 4, 6]);
    expect(niceTicks(9)).toEqual([0, 5, 10]);
    expect(niceTicks(13)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(101)).toEqual([0, 50, 100, 150]);
  });
});

describe('fingerprint labels', () => {
  it('shows the tool name and the argument values, clipped', () => {
    expect(fingerprintLabel('ls', 'ls:{"path":"src/plugins"}')).toBe('ls src/plugins');
    expect(fingerprintLabel('write', fp.top[1].fingerprint, 30)).toBe('write content=# Page 0 more,…');
    expect(fingerprintLabel('run', 'run:{"n":3,"flags":["-v"]}')).toBe('run n=3, flags=["-v"]');
    expect(fingerprintLabel('noop', 'noop:{}')).toBe('noop');
    expect(fingerprintLabel('bash', 'bash:#a1b2c3')).toBe('bash #a1b2c3');
    expect(fingerprintLabel('x', 'x:"just text"')).toBe('x just text');
  });
});

describe('fingerprint bars and lines', () => {
  it('counts each top fingerprint up to the cursor, keeping the final order and colours', () => {
    expect(fingerprintBars(fp, 3)).toEqual([
      {
        key: 'fp0',
        label: 'ls src/plugins',
        name: 'ls',
        fingerprint: fp.top[0].fingerprint,
        count: 2,
        total: 5,
        color: '#2563eb',
      },
      {
        key: 'fp1',
        label: 'write content=# Page 0 more,…',
        name: 'write',
        fingerprint: fp.top[1].fingerprint,
        count: 0,
        total: 2,
        color: '#dc2626',
      },
    ]);
    expect(fingerprintBars(fp, 0).map((b) => b.count)).toEqual([0, 0]);
    expect(fingerprintBars(fp, 6).map((b) => b.count)).toEqual([5, 2]);
  });
  it('gives the cumulative lines up to the cursor only', () => {
    expect(fingerprintLines(fp, 4)).toEqual([
      { turn: 1, fp0: 1, fp1: 0 },
      { turn: 2, fp0: 2, fp1: 0 },
      { turn: 4, fp0: 3, fp1: 1 },
    ]);
    expect(fingerprintLines(fp, 0)).toEqual([]);
  });
});

const cyc = (turn: number, detector: CycleSample['detector'], period: number, repetitions: number): CycleSample => ({
  turn,
  call: 1,
  detector,
  period,
  repetitions,
});

describe('cycle series', () => {
  const cycles = [
    cyc(3, 'pattern', 2, 2),
    cyc(4, 'cycle', 1, 2),
    cyc(5, 'pattern', 2, 3),
    cyc(5, 'pattern', 2, 2),
    cyc(7, 'pattern', 1, 4),
    cyc(9, 'pattern', 2, 5),
  ];
  it('groups by detector and period, keeping the highest repetitions per turn; cuts at the cursor', () => {
    const series = cycleSeries(bucketCycles(cycles, 10));
    expect(series).toEqual([
      {
        key: 'pattern|1',
        detector: 'pattern',
        period: 1,
        name: 'pattern · period 1',
        shape: 'circle',
        points: [{ turn: 7, repetitions: 4 }],
      },
      {
        key: 'pattern|2',
        detector: 'pattern',
        period: 2,
        name: 'pattern · period 2',
        shape: 'square',
        points: [
          { turn: 3, repetitions: 2 },
          { turn: 5, repetitions: 3 },
          { turn: 9, repetitions: 5 },
        ],
      },
      {
        key: 'cycle|1',
        detector: 'cycle',
        period: 1,
        name: 'cycle · period 1',
        shape: 'circle',
        points: [{ turn: 4, repetitions: 2 }],
      },
    ]);
    expect(pointsUpTo(series[1].points, 7)).toEqual([
      { turn: 3, repetitions: 2 },
      { turn: 5, repetitions: 3 },
    ]);
    expect(pointsUpTo(series[1].points, 2)).toEqual([]);
    expect(pointsUpTo(series[1].points, 9)).toHaveLength(3);
    expect(bucketCycles(cycles, 10).maxRepetitions).toBe(5);
    expect(bucketCycles([], 0).maxRepetitions).toBe(0);
  });
  it('bins long runs into at most one bucket per pixel per series, with min and max (in the worker)', () => {
    const many = Array.from({ length: 1000 }, (_, i) => cyc(i + 1, 'cycle', 1, (i % 7) + 2));
    const buckets = bucketCycles(many, 1000, 100);
    const b = buckets.series[0];
    expect([b.minTurn[0], b.min[0], b.turn[0], b.max[0]]).toEqual([1, 2, 7, 8]);
    const [s] = cycleSeries(buckets);
    // Each of the 100 buckets draws its lowest and its highest point.
    expect(s.points).toHaveLength(200);
    // turns 1-10: repetitions 2..8, 2..4: the first 2 is at turn 1, the first 8 at turn 7
    expect(s.points.slice(0, 2)).toEqual([
      { turn: 1, repetitions: 2 },
      { turn: 7, repetitions: 8 },
    ]);
    // turns 991-1000: repetitions 5..8, 2..7: the 8 (turn 994) comes before the 2 (turn 995)
    expect(s.points.slice(198)).toEqual([
      { turn: 994, repetitions: 8 },
      { turn: 995, repetitions: 2 },
    ]);
  });
  it('draws a drop inside a bucket: the lowest of the turns’ highest repetitions, not of every sample', () => {
    // Width 5 (10 turns, 2 buckets). Turn 2 climbs 2 → 6 within the turn: its value is 6.
    const drop = [
      cyc(1, 'cycle', 1, 4),
      cyc(2, 'cycle', 1, 2),
      cyc(2, 'cycle', 1, 6),
      cyc(3, 'cycle', 1, 3),
      cyc(4, 'cycle', 1, 3),
      cyc(6, 'cycle', 1, 5),
      cyc(8, 'cycle', 1, 5),
    ];
    const [s] = cycleSeries(bucketCycles(drop, 10, 2));
    expect(s.points).toEqual([
      { turn: 2, repetitions: 6 },
      { turn: 3, repetitions: 3 },
      { turn: 6, repetitions: 5 },
    ]);
  });
});

describe('check rows', () => {
  const checks: JudgeCheck[] = [
    { turn: 30, model: 'flash', confidence: 0.1, nextInterval: 3, source: 'recorded' },
    { turn: 33, model: 'flash', confidence: null, nextInterval: 3, source: 'recorded' },
    { turn: 36, model: 'flash', confidence: 0.92, nextInterval: 5, source: 'recorded' },
    { turn: 36, model: 'pro', confidence: null, nextInterval: 5, source: 'recorded' },
    { turn: 41, model: 'flash', confidence: 0.95, nextInterval: 5, source: 'heuristic' },
    { turn: 41, model: 'pro', confidence: 0.97, nextInterval: 6, source: 'heuristic' },
  ];
  it('puts flash and pro of one turn in one row, marking unavailable models', () => {
    expect(checkRows(checks, 41)).toEqual([
      {
        turn: 30,
        check: true,
        flash: 0.1,
        pro: null,
        unavailable: null,
        unavailableModels: '',
        interval: 3,
        source: 'recorded',
      },
      {
        turn: 33,
        check: true,
        flash: null,
        pro: null,
        unavailable: 0,
        unavailableModels: 'flash',
        interval: 3,
        source: 'recorded',
      },
      {
        turn: 36,
        check: true,
        flash: 0.92,
        pro: null,
        unavailable: 0,
        unavailableModels: 'pro',
        interval: 5,
        source: 'recorded',
      },
      {
        turn: 41,
        check: true,
        flash: 0.95,
        pro: 0.97,
        unavailable: null,
        unavailableModels: '',
        interval: 6,
        source: 'heuristic',
      },
    ]);
    expect(checkRows(checks, 35).at(-1)).toEqual({
      turn: 35,
      check: false,
      flash: null,
      pro: null,
      unavailable: null,
      unavailableModels: '',
      interval: 3,
      source: 'recorded',
    });
    expect(checkRows(checks, 35).map((r) => r.turn)).toEqual([30, 33, 35]);
    expect(checkRows(checks, 29)).toEqual([]);
    expect(checkSources(checks)).toEqual(['recorded', 'heuristic']);
  });
});
