import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  LabelList,
  Legend,
  Line,
  LineChart,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import type { ColumnarFingerprints } from '../../workers/page-result';
import { FP_COLORS, niceTicks, fingerprintBars, fingerprintLines, type FingerprintBar } from './chart-data';
import { cursorLine, LEGEND_STYLE, MARGIN, TICK, TOOLTIP_STYLE } from './chart-theme';

const TIP_MAX = 600;

function FingerprintTip({ active, payload }: { active?: boolean; payload?: readonly { payload?: FingerprintBar }[] }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  const full = bar.fingerprint.length > TIP_MAX ? bar.fingerprint.slice(0, TIP_MAX) + '…' : bar.fingerprint;
  return (
    <div className="chart-tip">
      <div>
        <b>{bar.count}</b> so far · {bar.total} in all
      </div>
      <code>{full}</code>
    </div>
  );
}

/** The top call fingerprints: counts so far at the cursor (bars) and their growth over time (lines). */
/** Redrawn only when its inputs change (the series object is kept while it is equal). */
export const FingerprintChart = memo(function FingerprintChart({
  fp,
  turn,
  turns,
  wide,
}: {
  fp: ColumnarFingerprints;
  turn: number;
  turns: number;
  wide: boolean;
}) {
  const labelMax = wide ? 42 : 25;
  const bars = useMemo(() => fingerprintBars(fp, turn, labelMax), [fp, turn, labelMax]);
  const lines = useMemo(() => fingerprintLines(fp, turn), [fp, turn]);
  if (fp.top.length === 0) return <p className="muted small">No repeated tool calls in this transcript.</p>;
  const ticks = niceTicks(Math.max(...fp.top.map((t) => t.count)));
  const max = ticks[ticks.length - 1];
  const tick = ({
    x,
    y,
    payload,
    index,
  }: {
    x?: number | string;
    y?: number | string;
    payload?: { value?: unknown };
    index?: number;
  }) => (
    <text x={x} y={y} dy={3} textAnchor="end" fontSize={10} fill="#374151">
      <title>{bars[index ?? 0]?.fingerprint}</title>
      {String(payload?.value ?? '')}
    </text>
  );
  return (
    <>
      <ResponsiveContainer width="100%" height={bars.length * 22 + 28}>
        <BarChart data={bars} layout="vertical" margin={{ ...MARGIN, right: 26 }} barCategoryGap={3}>
          <XAxis type="number" domain={[0, max]} ticks={ticks} tick={TICK} height={18} />
          <YAxis type="category" dataKey="label" width={wide ? 250 : 152} tick={tick} interval={0} />
          <Tooltip content={FingerprintTip} cursor={{ fill: '#f3f4f6' }} />
          <Bar
            dataKey="count"
            name="calls so far"
            isAnimationActive={false}
            shape={(p: BarShapeProps) => <Rectangle {...p} fill={FP_COLORS[p.index % FP_COLORS.length]} />}
          >
            <LabelList dataKey="count" position="right" fontSize={10} fill="#374151" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <p className="chart-caption small muted">Cumulative calls of each fingerprint</p>
      <ResponsiveContainer width="100%" height={wide ? 230 : 190}>
        <LineChart data={lines} margin={MARGIN}>
          <XAxis
            type="number"
            dataKey="turn"
            domain={[1, Math.max(2, turns)]}
            allowDecimals={false}
            tick={TICK}
            height={18}
          />
          <YAxis domain={[0, max]} ticks={ticks} tick={TICK} width={30} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(t) => `turn ${t}`} />
          <Legend wrapperStyle={LEGEND_STYLE} iconSize={8} />
          {bars.map((b) => (
            <Line
              key={b.key}
              dataKey={b.key}
              name={b.label}
              stroke={b.color}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          ))}
          {cursorLine(turn)}
        </LineChart>
      </ResponsiveContainer>
    </>
  );
});
