/** Moving between the alarm turns of a replay (RunOutcome.alarmTurns: ascending, once each). */

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
