import { useMemo } from 'react';

/** At most this many alarm ticks: a long run's thousands of alarm turns share ticks. */
const MAX_TICKS = 400;

/** A bar across the run: where the cursor is, and a tick at each alarm turn. */
export function PresenterProgress({
  turns,
  alarms,
  cursor,
}: {
  turns: number;
  alarms: readonly number[];
  cursor: number;
}) {
  const n = Math.max(1, turns);
  // One tick per bin, at its first alarm turn (alarms are ascending).
  const ticks = useMemo(() => {
    const out: number[] = [];
    let lastBin = -1;
    for (const t of alarms) {
      const bin = Math.floor(((t - 1) / n) * MAX_TICKS);
      if (bin !== lastBin) out.push(t);
      lastBin = bin;
    }
    return out;
  }, [alarms, n]);
  // Turn t covers [t-1, t] of the run, as on the timeline.
  const at = (t: number) => `${((t - 0.5) / n) * 100}%`;
  return (
    <div
      className="presenter-progress"
      role="progressbar"
      aria-label="Run progress"
      aria-valuemin={1}
      aria-valuemax={n}
      aria-valuenow={cursor}
    >
      <div className="presenter-progress-done" style={{ width: `${(cursor / n) * 100}%` }} />
      {ticks.map((t) => (
        <i key={t} className={t <= cursor ? 'passed' : undefined} style={{ left: at(t) }} />
      ))}
    </div>
  );
}
