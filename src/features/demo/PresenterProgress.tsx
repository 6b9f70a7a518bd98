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
      {alarms.map((t) => (
        <i key={t} className={t <= cursor ? 'passed' : undefined} style={{ left: at(t) }} />
      ))}
    </div>
  );
}
