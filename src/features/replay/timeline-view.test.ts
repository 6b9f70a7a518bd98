import { describe, expect, it } from 'vitest';
import { clampView, followTurn, panView, ticks, zoomView } from './timeline-view';

describe('timeline window', () => {
  it('zooms in around the anchor, keeping it where it is on screen', () => {
    // 100 turns, anchor at 50 (the middle): 1.5× in shows 66.7 turns around it.
    const v = zoomView(null, 100, 1.5, 50)!;
    expect(v.from).toBeCloseTo(16.667, 2);
    expect(v.to).toBeCloseTo(83.333, 2);
    // Anchored at the first turn, the window keeps its left edge.
    expect(zoomView(null, 100, 2, 0.5)).toEqual({ from: 0.25, to: 50.25 });
  });
  it('zooming out to the whole run gives null; zooming in stops at 10 turns', () => {
    expect(zoomView({ from: 10, to: 80 }, 100, 1 / 1.5, 45)).toBeNull();
    const tight = zoomView({ from: 40, to: 52 }, 100, 4, 45)!;
    expect(tight.to - tight.from).toBe(10);
  });
  it('pans without leaving the run', () => {
    expect(panView({ from: 10, to: 30 }, 100, 25)).toEqual({ from: 35, to: 55 });
    expect(panView({ from: 10, to: 30 }, 100, -25)).toEqual({ from: 0, to: 20 });
    expect(panView({ from: 70, to: 90 }, 100, 25)).toEqual({ from: 80, to: 100 });
    expect(panView(null, 100, 25)).toBeNull();
    expect(clampView(-5, 200, 100)).toBeNull();
  });
  it('follows the cursor past either edge with a tenth of the span as margin', () => {
    const v = { from: 20, to: 40 };
    expect(followTurn(v, 100, 30)).toBe(v);
    expect(followTurn(v, 100, 41)).toEqual({ from: 23, to: 43 });
    expect(followTurn(v, 100, 15)).toEqual({ from: 12, to: 32 });
    expect(followTurn(null, 100, 90)).toBeNull();
  });
  it('ticks at round turn numbers', () => {
    expect(ticks({ from: 0, to: 18 }, 10)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(ticks({ from: 0, to: 100_000 }, 8)).toEqual([1, 20_000, 40_000, 60_000, 80_000, 100_000]);
    expect(ticks({ from: 123.4, to: 160 }, 4)).toEqual([130, 140, 150, 160]);
  });
});
