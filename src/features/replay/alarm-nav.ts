import { ACTION_RANK, type Action, type DetectorEvent } from '../../engine/types';

/** The turns holding an alarm (an event at or above the counted action), ascending, once each. */
export function alarmTurns(events: readonly DetectorEvent[], countAction: Action = 'warn'): number[] {
  const min = ACTION_RANK[countAction];
  const turns = new Set<number>();
  for (const e of events) if (ACTION_RANK[e.action] >= min) turns.add(e.turn);
  return [...turns].sort((a, b) => a - b);
}

/** Index of the first element of the ascending `sorted` greater than `x`. */
function upperBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first alarm turn after `turn`, or null when there is none. */
export function nextAlarm(turns: readonly number[], turn: number): number | null {
  const i = upperBound(turns, turn);
  return i < turns.length ? turns[i] : null;
}

/** The last alarm turn before `turn`, or null when there is none. */
export function previousAlarm(turns: readonly number[], turn: number): number | null {
  const i = upperBound(turns, turn - 1) - 1;
  return i >= 0 ? turns[i] : null;
}
