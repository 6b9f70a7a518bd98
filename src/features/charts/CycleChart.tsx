import { memo, useMemo } from 'react';
import { Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { DetectorId } from '../../engine/types';
import { useAppStore } from '../../state/store';
import type { ColumnarCycles } from '../../workers/page-result';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { cycleSeries, niceTicks, pointsUpTo, turnTicks } from './chart-data';
import { cursorLine, LEGEND_STYLE, MARGIN, TICK, TOOLTIP_STYLE, X_TITLED, xTitle, yTitle } from './chart-theme';

/** The detectors that report cycle period and repetitions. */
const CYCLE_DETECTORS: DetectorId[] = ['pattern', 'cycle', 'doom-loop'];

/** Period and repetitions of every cycle a detector saw, by turn, up to the cursor. Redrawn only when its inputs change. */
export const CycleChart = memo(
  CycleChartView,
  (a, b) =>
    a.cycles === b.cycles &&
    a.turn === b.turn &&
    a.turns === b.turns &&
    a.wide === b.wide &&
    a.enabled.join() === b.enabled.join(),
);

function CycleChartView({
  cycles,
  turn,
  turns,
  enabled,
  wide,
}: {
  cycles: ColumnarCycles;
  turn: number;
  turns: number;
  enabled: DetectorId[];
  wide: boolean;
}) {
  const series = useMemo(() => cycleSeries(cycles), [cycles]);
  const yTicks = useMemo(() => niceTicks(Math.max(2, cycles.maxRepetitions)), [cycles]);
  const reporting = CYCLE_DETECTORS.filter((d) => enabled.includes(d));
  if (series.length === 0)
    return reporting.length === 0 ? (
      <EnableCycle />
    ) : (
      <p className="muted small">{`No repeating cycle found by ${reporting.join(', ')} in this transcript.`}</p>
    );
  return (
    <ResponsiveContainer width="100%" height={wide ? 250 : 210}>
      <ScatterChart margin={MARGIN}>
        <XAxis
          type="number"
          dataKey="turn"
          name="turn"
          domain={[1, Math.max(2, turns)]}
          ticks={turnTicks(1, Math.max(2, turns))}
          allowDecimals={false}
          tick={TICK}
          height={X_TITLED}
          label={xTitle('turn')}
        />
        <YAxis
          type="number"
          dataKey="repetitions"
          name="repetitions"
          domain={[0, yTicks[yTicks.length - 1]]}
          ticks={yTicks}
          tick={TICK}
          width={40}
          label={yTitle('repetitions')}
        />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ strokeDasharray: '3 3' }} />
        <Legend wrapperStyle={LEGEND_STYLE} iconSize={9} />
        {series.map((s) => (
          <Scatter
            key={s.key}
            name={s.name}
            data={pointsUpTo(s.points, turn)}
            fill={DETECTOR_COLOR[s.detector]}
            shape={s.shape}
            legendType={s.shape}
            isAnimationActive={false}
          />
        ))}
        {cursorLine(turn)}
      </ScatterChart>
    </ResponsiveContainer>
  );
}

/** Nothing to draw because no cycle-reporting detector is on: say so, and offer the one click. */
function EnableCycle() {
  const setParam = useAppStore((s) => s.setParam);
  return (
    <div className="chart-empty">
      <p className="muted small">
        Cycles are reported by the {CYCLE_DETECTORS.join(', ')} detectors; none is enabled in this config.
      </p>
      <button type="button" onClick={() => setParam('detectors.cycle.enabled', true)}>
        Enable cycle (1-, 2- and 3-call cycles)
      </button>
    </div>
  );
}
