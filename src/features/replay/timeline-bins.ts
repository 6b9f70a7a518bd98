import { EPISODE_TURN_GAP } from '../../engine/alarm-episodes';
import type { DetectorEvent, DetectorId } from '../../engine/types';
import type { TimelineView } from '../../state/timeline-slice';

export const MAX_BINS = 1500;

export interface TimelineRow {
  detector: DetectorId;
  /** [startTurn, endTurn] runs of turns in the window holding at least one event of this detector. */
  runs: [number, number][];
  /** Events of this detector in the whole run (not only the window). */
  count: number;
  /**
   * The detector's episodes (alarms at most EPISODE_TURN_GAP turns apart: one loop) in the window,
   * [startTurn, endTurn, alarms], drawn as one span under the alarms' own marks.
   */
  episodes: [number, number, number][];
}

/** Episodes of one detector from its event turns (ascending). */
function episodesOf(turns: readonly number[]): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && t - last[1] <= EPISODE_TURN_GAP) {
      last[1] = Math.max(last[1], t);
      last[2]++;
    } else out.push([t, t, 1]);
  }
  return out;
}

/**
 * Groups events per detector into runs of turns inside the window (the whole run by default), at
 * a resolution of at most `maxBins` bins, so a 100,000-turn timeline draws a few hundred
 * rectangles, not one per event; zoomed in, the same bins cover fewer turns and show detail.
 */
export function timelineRows(
  events: readonly DetectorEvent[],
  turns: number,
  view: TimelineView = { from: 0, to: turns },
  maxBins = MAX_BINS,
): TimelineRow[] {
  const first = Math.max(1, Math.floor(view.from) + 1);
  const last = Math.min(turns, Math.ceil(view.to));
  const binSize = Math.max(1, Math.ceil((last - first + 1) / maxBins));
  const byDetector = new Map<DetectorId, { bins: Set<number>; count: number; turns: number[] }>();
  for (const e of events) {
    let d = byDetector.get(e.detector);
    if (!d) byDetector.set(e.detector, (d = { bins: new Set(), count: 0, turns: [] }));
    d.count++;
    d.turns.push(e.turn);
    if (e.turn >= first && e.turn <= last) d.bins.add(Math.floor((e.turn - first) / binSize));
  }
  const rows: TimelineRow[] = [];
  for (const [detector, { bins, count, turns: at }] of byDetector) {
    // Episodes of more than one alarm, in the window (a lone alarm is its own mark already).
    const episodes = episodesOf(at.sort((a, b) => a - b))
      .filter(([a, b, n]) => n > 1 && b >= first && a <= last)
      .map(([a, b, n]): [number, number, number] => [Math.max(a, first), Math.min(b, last), n]);
    const sorted = [...bins].sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const b of sorted) {
      const start = first + b * binSize;
      const end = Math.min(last, first + (b + 1) * binSize - 1);
      const prev = runs[runs.length - 1];
      if (prev && prev[1] + 1 >= start) prev[1] = end;
      else runs.push([start, end]);
    }
    rows.push({ detector, runs, count, episodes });
  }
  return rows;
}
