import { ACTION_RANK, type Action, type DetectorEvent } from '../../engine/types';

/** The turns holding an alarm (an event at or above the counted action), ascending, once each. */
export function alarmTurns(events: readonly DetectorEvent[], countAction: Action = 'warn'): number[] {
  const min = ACTION_RANK[countAction];
  // A replay's events come in turn order: one pass, no set (a big run can have 600,000 of them).
  const turns: number[] = [];
  for (const e of events) {
    if (ACTION_RANK[e.action] < min) continue;
    const last = turns.length ? turns[turns.length - 1] : -Infinity;
    if (e.turn > last) turns.push(e.turn);
    else if (e.turn < last) return sortedAlarmTurns(events, min);
  }
  return turns;
}

function sortedAlarmTurns(events: readonly DetectorEvent[], min: number): number[] {
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

/** Whether `turn` is among the ascending alarm `turns`. */
export function isAlarmTurn(turns: readonly number[], turn: number): boolean {
  const i = upperBound(turns, turn) - 1;
  return i >= 0 && turns[i] === turn;
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
