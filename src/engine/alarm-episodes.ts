/**
 * Alarm episodes: one loop reads as one. A detector that sees a loop keeps firing while it lasts
 * (no-progress every k steps, a cycle at each repetition), so a stuck run shows 24 alarms for one
 * loop. Alarms of one detector at most EPISODE_TURN_GAP turns apart are one episode; the library
 * counts the loops seen as the episodes of all detectors merged where they overlap, and the
 * timeline draws each episode as one span.
 */
import { isAlarm } from './evaluate';
import type { Action, DetectorEvent, DetectorId } from './types';

/**
 * The widest gap inside one episode, in turns. A detector that keeps seeing the same loop fires
 * again within its own cadence (no-progress's k steps, cycle's period × repetitions, a doom loop's
 * next repeat): 10 turns covers the shipped presets' cadences with room for a turn without calls.
 */
export const EPISODE_TURN_GAP = 10;

export interface AlarmEpisode {
  detector: DetectorId;
  startTurn: number;
  endTurn: number;
  /** Alarms in the episode. */
  alarms: number;
  /** The strongest action among them. */
  action: Action;
}

const RANK: Record<Action, number> = { warn: 1, block: 2, terminate: 3 };

/** Each detector's alarms (events at or above `countAction`) grouped into episodes, by start turn. */
export function alarmEpisodes(events: readonly DetectorEvent[], countAction: Action): AlarmEpisode[] {
  const open = new Map<DetectorId, AlarmEpisode>();
  const out: AlarmEpisode[] = [];
  // Events come in turn order (the replay's order); an episode closes when its detector's next
  // alarm is further than the gap.
  for (const e of events) {
    if (!isAlarm(e, countAction)) continue;
    const ep = open.get(e.detector);
    if (ep && e.turn - ep.endTurn <= EPISODE_TURN_GAP) {
      ep.endTurn = Math.max(ep.endTurn, e.turn);
      ep.alarms++;
      if (RANK[e.action] > RANK[ep.action]) ep.action = e.action;
      continue;
    }
    const next: AlarmEpisode = {
      detector: e.detector,
      startTurn: e.turn,
      endTurn: e.turn,
      alarms: 1,
      action: e.action,
    };
    open.set(e.detector, next);
    out.push(next);
  }
  return out.sort((a, b) => a.startTurn - b.startTurn || a.endTurn - b.endTurn);
}

/** Loops seen: the episodes' spans of all detectors, merged where they overlap or touch. */
export function loopsSeen(episodes: readonly AlarmEpisode[]): { startTurn: number; endTurn: number }[] {
  const spans = [...episodes].sort((a, b) => a.startTurn - b.startTurn);
  const out: { startTurn: number; endTurn: number }[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.startTurn <= last.endTurn + 1) last.endTurn = Math.max(last.endTurn, s.endTurn);
    else out.push({ startTurn: s.startTurn, endTurn: s.endTurn });
  }
  return out;
}

/** An unlabelled run's numbers: its alarms (events at or above the counted action) and the loops they are about. */
export interface AlarmCounts {
  alarms: number;
  loopsSeen: number;
}

/** The alarms and loops seen of `events` at `countAction`. */
export function alarmCounts(events: readonly DetectorEvent[], countAction: Action): AlarmCounts {
  const episodes = alarmEpisodes(events, countAction);
  return { alarms: episodes.reduce((n, e) => n + e.alarms, 0), loopsSeen: loopsSeen(episodes).length };
}

/**
 * The turns holding an alarm (an event at or above `countAction`), ascending, once each: where the
 * workbench's alarm keys, scrubber and pause-on-alarm stop, and the library digest's alarm turns.
 */
export function alarmTurns(events: readonly DetectorEvent[], countAction: Action): number[] {
  // A replay's events come in turn order: one pass, no set (a big run can have 600,000 of them).
  const turns: number[] = [];
  for (const e of events) {
    if (!isAlarm(e, countAction)) continue;
    const last = turns.length ? turns[turns.length - 1] : -Infinity;
    if (e.turn > last) turns.push(e.turn);
    else if (e.turn < last) return sortedAlarmTurns(events, countAction);
  }
  return turns;
}

function sortedAlarmTurns(events: readonly DetectorEvent[], countAction: Action): number[] {
  const turns = new Set<number>();
  for (const e of events) if (isAlarm(e, countAction)) turns.add(e.turn);
  return [...turns].sort((a, b) => a - b);
}
