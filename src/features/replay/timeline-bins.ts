import type { DetectorEvent, DetectorId } from '../../engine/types';

export const MAX_BINS = 1500;

export interface TimelineRow {
  detector: DetectorId;
  /** [startTurn, endTurn] runs of turns holding at least one alarm of this detector. */
  runs: [number, number][];
  count: number;
}

/**
 * Groups alarms per detector into runs of turns, at a resolution of at most MAX_BINS bins, so a
 * 100,000-turn timeline draws a few hundred rectangles, not one per event.
 */
export function timelineRows(events: DetectorEvent[], turns: number): TimelineRow[] {
  const binSize = Math.max(1, Math.ceil(turns / MAX_BINS));
  const byDetector = new Map<DetectorId, { bins: Set<number>; count: number }>();
  for (const e of events) {
    let d = byDetector.get(e.detector);
    if (!d) byDetector.set(e.detector, (d = { bins: new Set(), count: 0 }));
    d.bins.add(Math.floor((e.turn - 1) / binSize));
    d.count++;
  }
  const rows: TimelineRow[] = [];
  for (const [detector, { bins, count }] of byDetector) {
    const sorted = [...bins].sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const b of sorted) {
      const start = b * binSize + 1;
      const end = Math.min(turns, (b + 1) * binSize);
      const last = runs[runs.length - 1];
      if (last && last[1] + 1 >= start) last[1] = end;
      else runs.push([start, end]);
    }
    rows.push({ detector, runs, count });
  }
  return rows;
}
