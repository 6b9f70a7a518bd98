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
        episodes: [[3, 9, 4]],
      },
      { detector: 'pattern', runs: [[4, 4]], count: 1, episodes: [] },
    ]);
  });
  it('bins a long transcript so it draws few rectangles', () => {
    const events = Array.from({ length: 100_000 }, (_, i) => ev('exact-repeat', i + 1));
    const [row] = timelineRows(events, 100_000);
    expect(row.runs).toEqual([[1, 100_000]]);
    expect(row.count).toBe(100_000);
    expect(row.episodes).toEqual([[1, 100_000, 100_000]]);
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
    // The loop goes on through the window: one span under the marks, cut at its edges.
    expect(row.episodes).toEqual([[50_001, 50_010, 66_667]]);
  });
  it("draws a stuck run's alarm every 4 turns as one loop, and alarms 11 turns apart as two", () => {
    const stuck = Array.from({ length: 24 }, (_, i) => ev('no-progress', 10 + 4 * i));
    const [row] = timelineRows([...stuck, ev('no-progress', 113), ev('no-progress', 120)], 200);
    expect(row.runs.length).toBe(26);
    expect(row.episodes).toEqual([
      [10, 102, 24],
      [113, 120, 2],
    ]);
    expect(timelineRows([ev('cycle', 5), ev('cycle', 16)], 20)[0].episodes).toEqual([]);
  });
});
