import { describe, expect, it } from 'vitest';
import type { ChartWindow } from '../../workers/chart-window';
import { columnarFingerprints } from '../../workers/chart-buckets';
import { turnTicks } from './chart-data';
import { runBars, runLines, windowBars, windowLines } from './fingerprint-scope';

const fp = columnarFingerprints({
  top: [
    { fingerprint: 'ls:{"path":"src"}', name: 'ls', count: 5 },
    { fingerprint: 'read:{"path":"a"}', name: 'read', count: 2 },
  ],
  // Sampled every 3rd turn (a run of 9 turns drawn in 3 buckets).
  timeline: [
    { turn: 3, counts: [2, 0] },
    { turn: 6, counts: [4, 1] },
    { turn: 9, counts: [5, 2] },
  ],
});

const win = (turn: number, wholeRun: number[]): ChartWindow => ({
  turn,
  radius: 1,
  from: 3,
  to: 5,
  bars: [
    { fingerprint: 'read:{"path":"a"}', name: 'read', count: 2, atTurn: 0, lines: Int32Array.from([1, 1, 2]) },
    { fingerprint: 'ls:{"path":"src"}', name: 'ls', count: 1, atTurn: 1, lines: Int32Array.from([0, 1, 1]) },
  ],
  wholeRun,
});

describe('the fingerprint window', () => {
  it('gives bars in the worker order, the ones called at the cursor marked', () => {
    expect(windowBars(win(4, [3, 0])).map((b) => [b.key, b.label, b.count, b.atTurn, b.windowed, b.color])).toEqual([
      ['fp0', 'read a', 2, 0, true, '#2563eb'],
      ['fp1', '▶ ls src', 1, 1, true, '#dc2626'],
    ]);
  });
  it('gives one row per turn of the window, counted from its first turn', () => {
    expect(windowLines(win(4, [3, 0]))).toEqual([
      { turn: 3, fp0: 1, fp1: 0 },
      { turn: 4, fp0: 1, fp1: 1 },
      { turn: 5, fp0: 2, fp1: 1 },
    ]);
  });
});

describe('the whole run at the cursor', () => {
  it('counts bars exactly at the cursor between samples once the worker answered for that turn', () => {
    expect(runBars(fp, null, 4).map((b) => b.count)).toEqual([2, 0]);
    expect(runBars(fp, win(4, [3, 0]), 4).map((b) => b.count)).toEqual([3, 0]);
    // An answer for another turn is not used.
    expect(runBars(fp, win(5, [4, 1]), 4).map((b) => b.count)).toEqual([2, 0]);
  });
  it('ends the lines at the cursor, also before the first sample', () => {
    expect(runLines(fp, win(4, [3, 0]), 4)).toEqual([
      { turn: 3, fp0: 2, fp1: 0 },
      { turn: 4, fp0: 3, fp1: 0 },
    ]);
    expect(runLines(fp, win(2, [1, 0]), 2)).toEqual([{ turn: 2, fp0: 1, fp1: 0 }]);
    expect(runLines(fp, win(6, [4, 1]), 6)).toEqual([
      { turn: 3, fp0: 2, fp1: 0 },
      { turn: 6, fp0: 4, fp1: 1 },
    ]);
  });
});

describe('turn ticks', () => {
  it('starts at the first turn and steps by round numbers', () => {
    expect(turnTicks(1, 100_000)).toEqual([1, 50_000, 100_000]);
    expect(turnTicks(1, 75_000)).toEqual([1, 20_000, 40_000, 60_000]);
    expect(turnTicks(59_950, 60_050)).toEqual([59_950, 60_000, 60_050]);
    expect(turnTicks(1, 45)).toEqual([1, 20, 40]);
    expect(turnTicks(3, 3)).toEqual([3]);
  });
});
