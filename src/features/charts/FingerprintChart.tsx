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
  type DotItemDotProps,
} from 'recharts';
import type { ChartWindow } from '../../workers/chart-window';
import type { ColumnarFingerprints } from '../../workers/page-result';
import { niceTicks, turnTicks } from './chart-data';
import { cursorLine, LEGEND_STYLE, MARGIN, TICK, TOOLTIP_STYLE, X_TITLED, xTitle, yTitle } from './chart-theme';
import { NOW, runBars, runLines, windowBars, windowLines, type ScopedBar } from './fingerprint-scope';

const TIP_MAX = 600;

function FingerprintTip({ active, payload }: { active?: boolean; payload?: readonly { payload?: ScopedBar }[] }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  const full = bar.fingerprint.length > TIP_MAX ? bar.fingerprint.slice(0, TIP_MAX) + '…' : bar.fingerprint;
  return (
    <div className="chart-tip">
      <div>
        {bar.windowed ? (
          <>
            <b>{bar.count}</b> in the window{bar.atTurn > 0 ? ` · ${bar.atTurn} at this turn` : ''}
          </>
        ) : (
          <>
            <b>{bar.count}</b> so far · {bar.total} in all
          </>
        )}
      </div>
      <code>{full}</code>
    </div>
  );
}

/** A dot on the last row only (the cursor's): near the start of a long run the line is a few pixels long. */
function cursorDot(rows: number, color: string) {
  return function CursorDot(p: DotItemDotProps) {
    if (p.index !== rows - 1 || p.cx == null || p.cy == null) return <g key={p.key} />;
    return <circle key={p.key} className="cursor-dot" cx={p.cx} cy={p.cy} r={3} fill={color} />;
  };
}

/**
 * Call fingerprints at the cursor, in one of two scopes: the turns around it (radius > 0: counted
 * by the worker for this turn, so the call repeating here is on top) or the whole run (its top
 * fingerprints, counted up to the cursor). Bars count; lines show the counts growing.
 */
export const FingerprintChart = memo(function FingerprintChart({
  fp,
  win,
  radius,
  turn,
  turns,
  wide,
}: {
  fp: ColumnarFingerprints;
  win: ChartWindow | null;
  /** 0: the whole run. */
  radius: number;
  turn: number;
  turns: number;
  wide: boolean;
}) {
  const labelMax = wide ? 42 : 25;
  const windowed = radius > 0;
  const bars = useMemo(
    () => (windowed ? (win ? windowBars(win, labelMax) : []) : runBars(fp, win, turn, labelMax)),
    [windowed, win, fp, turn, labelMax],
  );
  const lines = useMemo(
    () => (windowed ? (win ? windowLines(win) : []) : runLines(fp, win, turn)),
    [windowed, win, fp, turn],
  );
  if (!windowed && fp.top.length === 0)
    return <p className="muted small">No repeated tool calls in this transcript.</p>;
  if (windowed && !win) return <p className="muted small">Counting the calls around turn {turn}…</p>;
  if (windowed && win && bars.length === 0)
    return (
      <p className="muted small">
        No tool calls in turns {win.from}–{win.to}.
      </p>
    );
  // Bars scale to their counts (the whole run's early counts are too small on its final scale);
  // the whole run's lines keep its final scale, so they do not rescale while scrubbing.
  const barTicks = niceTicks(Math.max(1, ...bars.map((b) => b.count)));
  const ticks = windowed ? barTicks : niceTicks(Math.max(1, ...fp.top.map((t) => t.count)));
  const max = ticks[ticks.length - 1];
  const [x0, x1] = windowed && win ? [win.from, Math.max(win.from + 1, win.to)] : [1, Math.max(2, turns)];
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
    <g className="fp-tick">
      <title>{bars[index ?? 0]?.fingerprint}</title>
      <text
        x={x}
        y={y}
        dy={3}
        textAnchor="end"
        fontSize={10}
        fill="#374151"
        fontWeight={bars[index ?? 0]?.atTurn ? 700 : 400}
      >
        {String(payload?.value ?? '')}
      </text>
    </g>
  );
  const scope = windowed && win ? `turns ${win.from}–${win.to}` : `turns 1–${turn}`;
  return (
    <div data-fp-scope={windowed ? 'window' : 'run'} data-fp-turn={win?.turn}>
      <p className="chart-caption small muted">
        {windowed && win
          ? `Calls of each fingerprint in ${scope} (turn ${turn} ± ${radius}); ${NOW.trim()} called at turn ${turn}`
          : `Calls so far of the run's ${bars.length} most frequent fingerprints (${scope})`}
      </p>
      <ResponsiveContainer width="100%" height={bars.length * 22 + 40}>
        <BarChart data={bars} layout="vertical" margin={{ ...MARGIN, right: 26 }} barCategoryGap={3}>
          <XAxis
            type="number"
            domain={[0, barTicks[barTicks.length - 1]]}
            ticks={barTicks}
            tick={TICK}
            height={X_TITLED}
            label={xTitle(windowed ? 'calls in the window' : 'calls so far')}
          />
          <YAxis type="category" dataKey="label" width={wide ? 250 : 152} tick={tick} interval={0} />
          <Tooltip content={FingerprintTip} cursor={{ fill: '#f3f4f6' }} />
          <Bar
            dataKey="count"
            name={windowed ? 'calls in the window' : 'calls so far'}
            isAnimationActive={false}
            shape={(p: BarShapeProps) => (
              <Rectangle
                {...p}
                fill={bars[p.index]?.color}
                stroke={bars[p.index]?.atTurn ? '#111827' : undefined}
                strokeWidth={bars[p.index]?.atTurn ? 1.5 : 0}
              />
            )}
          >
            <LabelList dataKey="count" position="right" fontSize={10} fill="#374151" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <p className="chart-caption small muted">
        {windowed ? `Cumulative calls from turn ${win?.from}` : 'Cumulative calls of each fingerprint'}
      </p>
      <ResponsiveContainer width="100%" height={wide ? 240 : 200}>
        <LineChart data={lines} margin={MARGIN}>
          <XAxis
            type="number"
            dataKey="turn"
            domain={[x0, x1]}
            ticks={turnTicks(x0, x1)}
            allowDecimals={false}
            tick={TICK}
            height={X_TITLED}
            label={xTitle('turn')}
          />
          <YAxis domain={[0, max]} ticks={ticks} tick={TICK} width={40} label={yTitle('calls')} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(t) => `turn ${t}`} />
          <Legend wrapperStyle={LEGEND_STYLE} iconSize={8} />
          {bars.map((b) => (
            <Line
              key={b.key}
              dataKey={b.key}
              name={b.label}
              stroke={b.color}
              dot={windowed ? lines.length <= 25 : cursorDot(lines.length, b.color)}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          ))}
          {cursorLine(turn)}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});
