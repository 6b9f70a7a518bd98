import { alarmEpisodes, type AlarmEpisode } from '../../engine/alarm-episodes';
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

/**
 * The spans drawn under the alarms: episodes of more than one alarm (a lone alarm is its own mark
 * already). Every event is drawn, so every action counts (warn is the lowest). They depend on the
 * events only: computed once per replay, not at each zoom or pan.
 */
export function timelineEpisodes(events: readonly DetectorEvent[]): AlarmEpisode[] {
  return alarmEpisodes(events, 'warn').filter((ep) => ep.alarms > 1);
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
  episodes: readonly AlarmEpisode[] = timelineEpisodes(events),
): TimelineRow[] {
  const first = Math.max(1, Math.floor(view.from) + 1);
  const last = Math.min(turns, Math.ceil(view.to));
  const binSize = Math.max(1, Math.ceil((last - first + 1) / maxBins));
  const byDetector = new Map<DetectorId, { bins: Set<number>; count: number; episodes: [number, number, number][] }>();
  for (const e of events) {
    let d = byDetector.get(e.detector);
    if (!d) byDetector.set(e.detector, (d = { bins: new Set(), count: 0, episodes: [] }));
    d.count++;
    if (e.turn >= first && e.turn <= last) d.bins.add(Math.floor((e.turn - first) / binSize));
  }
  // The episodes in the window, cut to it.
  for (const ep of episodes)
    if (ep.endTurn >= first && ep.startTurn <= last)
      byDetector
        .get(ep.detector)!
        .episodes.push([Math.max(ep.startTurn, first), Math.min(ep.endTurn, last), ep.alarms]);
  const rows: TimelineRow[] = [];
  for (const [detector, { bins, count, episodes }] of byDetector) {
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
