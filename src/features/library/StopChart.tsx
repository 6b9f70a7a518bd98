import { memo, useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RunSummary } from '../../engine/run-summary';
import { LEGEND_STYLE, TICK, TOOLTIP_STYLE } from '../charts/chart-theme';
import { logTicks, stopCurve } from './triage-filter';

const STOP = '#dc2626';
const BLOCK = '#7c3aed';
const WARN = '#d97706';

/**
 * Over the runs shown: how many the config would have warned, blocked and stopped by each turn.
 * A config that only warns (the default) draws the warned line alone and says that it stops
 * nothing, rather than a flat line at 0. A log turn axis when runs differ a lot in length, so short runs stay readable.
 * Counted over the runs computed so far under that config: partway through a pass the caption
 * says "of N computed", never "0 of 1006" for runs not yet replayed.
 */
export const StopChart = memo(function StopChart({
  summaries,
  shown,
  configName,
}: {
  /** The computed (not stale) summaries of the runs shown. */
  summaries: RunSummary[];
  /** Runs shown (searched and filtered), computed or not. */
  shown: number;
  configName: string;
}) {
  const runs = summaries.length;
  const pending = shown - runs;
  const points = useMemo(() => stopCurve(summaries), [summaries]);
  const longest = Math.max(2, ...summaries.map((s) => s.turns));
  const log = longest > 500;
  const end = points[points.length - 1];
  const { warned, blocked, stopped } = end;
  // The step lines run on to the longest run's end.
  const data = end.turn < longest ? [...points, { ...end, turn: longest }] : points;
  const counts = `${warned} of ${runs}${pending > 0 ? ' computed' : ''} would warn, ${blocked} block, ${stopped} stop`;
  return (
    <figure className="stop-chart" aria-label="What the config would do">
      <figcaption>
        <strong>What the config would do</strong>{' '}
        <span className="muted small">
          under {configName}: {counts}
          {pending > 0 && ` (${pending} of ${shown} still to compute)`}
          {runs > 0 && blocked === 0 && stopped === 0 && ' · it only warns here: no run would be blocked or stopped'}
        </span>
      </figcaption>
      <ResponsiveContainer width="100%" height={170}>
        <LineChart data={data} margin={{ top: 6, right: 16, bottom: 16, left: 6 }}>
          <CartesianGrid stroke="#eef0f3" />
          <XAxis
            type="number"
            dataKey="turn"
            scale={log ? 'log' : 'linear'}
            ticks={log ? logTicks(longest) : undefined}
            domain={[1, longest]}
            allowDecimals={false}
            tick={TICK}
            label={{ value: log ? 'Turn (log scale)' : 'Turn', position: 'insideBottom', offset: -10, fontSize: 11 }}
          />
          <YAxis
            allowDecimals={false}
            domain={[0, Math.max(1, runs)]}
            tick={TICK}
            width={44}
            label={{ value: 'Runs', angle: -90, position: 'insideLeft', offset: 10, fontSize: 11 }}
          />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            labelFormatter={(t) => `by turn ${t}`}
            formatter={(v, name) => [`${v} of ${runs}`, name]}
          />
          <Legend wrapperStyle={LEGEND_STYLE} iconSize={9} verticalAlign="top" align="right" />
          <Line
            type="stepAfter"
            dataKey="warned"
            name="would have warned"
            stroke={WARN}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {blocked > 0 && (
            <Line
              type="stepAfter"
              dataKey="blocked"
              name="would have blocked"
              stroke={BLOCK}
              strokeDasharray="4 3"
              dot={false}
              isAnimationActive={false}
            />
          )}
          {stopped > 0 && (
            <Line
              type="stepAfter"
              dataKey="stopped"
              name="would have stopped"
              stroke={STOP}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
});
