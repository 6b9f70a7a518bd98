import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { timelineRows } from './timeline-bins';

const ev = (detector: DetectorEvent['detector'], turn: number): DetectorEvent => ({
  detector,
  turn,
  action: 'warn',
  level: 1,
  message: '',
});

describe('timeline rows', () => {
  it('joins neighbouring alarm turns into runs, one row per detector', () => {
    const rows = timelineRows([ev('cycle', 3), ev('cycle', 4), ev('cycle', 5), ev('cycle', 9), ev('pattern', 4)], 10);
    expect(rows).toEqual([
      {
        detector: 'cycle',
        runs: [
          [3, 5],
          [9, 9],
        ],
        count: 4,
      },
      { detector: 'pattern', runs: [[4, 4]], count: 1 },
    ]);
  });
  it('bins a long transcript so it draws few rectangles', () => {
    const events = Array.from({ length: 100_000 }, (_, i) => ev('exact-repeat', i + 1));
    const [row] = timelineRows(events, 100_000);
    expect(row.runs).toEqual([[1, 100_000]]);
    expect(row.count).toBe(100_000);
  });
  it('zoomed in (turns 50,001-50,010; every third turn silent), bins only the window, at one turn per bin, and keeps the whole run count', () => {
    const events = Array.from({ length: 100_000 }, (_, i) => ev('exact-repeat', i + 1)).filter((e) => e.turn % 3 !== 0);
    const [row] = timelineRows(events, 100_000, { from: 50_000, to: 50_010 });
    expect(row.runs).toEqual([
      [50_002, 50_003],
      [50_005, 50_006],
      [50_008, 50_009],
    ]);
    expect(row.count).toBe(66_667);
  });
});
