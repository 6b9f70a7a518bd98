import {
  CartesianGrid,
  type DotItemDotProps,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SweepRow } from './sweep-values';
import { CURSOR, LEGEND_STYLE, MARGIN, TICK, TOOLTIP_STYLE, X_TITLED, xTitle, yTitle } from './chart-theme';

const LINES = [
  { key: 'fp', name: 'false alarms', color: '#dc2626', axis: 'n' },
  { key: 'missed', name: 'missed loops', color: '#ea580c', axis: 'n' },
  { key: 'cleanFlagged', name: 'clean runs flagged', color: '#9333ea', axis: 'n', dash: '2 2' },
  { key: 'latency', name: 'mean latency (turns)', color: '#2563eb', axis: 'n', dash: '5 3' },
  { key: 'f1', name: 'F1 (right)', color: '#059669', axis: 'f1' },
] as const;

const fmt = (v: number | null) => (v === null ? '–' : String(v));

/** Metrics against the swept value; a click on a value sets the parameter to it. */
export function SweepChart({
  rows,
  current,
  labelled,
  paramLabel,
  onPick,
  wide,
}: {
  rows: SweepRow[];
  current: number;
  labelled: boolean;
  paramLabel: string;
  onPick: (value: number) => void;
  wide: boolean;
}) {
  // A dot sets its value; a click elsewhere on the chart sets the value under the pointer.
  const pickLabel = (label: unknown) => {
    const row = rows.find((r) => r.value === Number(label));
    if (row) onPick(row.value);
  };
  // Clean runs flagged only when some transcript has no loop span.
  const lines = LINES.filter((l) => l.key !== 'cleanFlagged' || rows.some((r) => r.cleanFlagged !== null));
  const dot = (color: string) =>
    function SweepDot(p: DotItemDotProps) {
      if (p.cx == null || p.cy == null) return <g key={p.key} />;
      return (
        <circle
          key={p.key}
          className="sweep-dot"
          data-value={rows[p.index]?.value}
          cx={p.cx}
          cy={p.cy}
          r={3}
          fill={color}
          stroke="#fff"
          onClick={(e) => {
            e.stopPropagation();
            onPick(rows[p.index].value);
          }}
        />
      );
    };
  return (
    <>
      <ResponsiveContainer width="100%" height={wide ? 260 : 230}>
        <LineChart data={rows} margin={MARGIN} onClick={(s) => pickLabel(s.activeLabel)} className="sweep-chart">
          <CartesianGrid stroke="#f3f4f6" />
          <XAxis
            type="number"
            dataKey="value"
            domain={['dataMin', 'dataMax']}
            ticks={rows.length <= 12 ? rows.map((r) => r.value) : undefined}
            tick={TICK}
            height={X_TITLED}
            label={xTitle(paramLabel)}
          />
          <YAxis yAxisId="n" allowDecimals={false} tick={TICK} width={40} label={yTitle('count or turns')} />
          {labelled && (
            <YAxis
              yAxisId="f1"
              orientation="right"
              domain={[0, 1]}
              ticks={[0, 0.5, 1]}
              tick={TICK}
              width={34}
              label={yTitle('F1', true)}
            />
          )}
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(v) => `${paramLabel} = ${v} (click to use)`} />
          <Legend wrapperStyle={LEGEND_STYLE} iconSize={9} />
          <ReferenceLine
            yAxisId="n"
            x={current}
            stroke={CURSOR}
            strokeWidth={1.5}
            label={{ value: `now ${current}`, position: 'insideTopRight', fontSize: 10, fill: CURSOR }}
          />
          {labelled
            ? lines.map((l) => (
                <Line
                  key={l.key}
                  yAxisId={l.axis}
                  dataKey={l.key}
                  name={l.name}
                  stroke={l.color}
                  strokeDasharray={'dash' in l ? l.dash : undefined}
                  strokeWidth={l.key === 'f1' ? 2 : 1.5}
                  dot={dot(l.color)}
                  activeDot={false}
                  isAnimationActive={false}
                />
              ))
            : [
                <Line
                  key="alarms"
                  yAxisId="n"
                  dataKey="alarms"
                  name="alarms"
                  stroke="#4b5563"
                  strokeWidth={1.5}
                  dot={dot('#4b5563')}
                  activeDot={false}
                  isAnimationActive={false}
                />,
              ]}
        </LineChart>
      </ResponsiveContainer>
      <details className="sweep-table">
        <summary className="small">Values as a table</summary>
        <table className="small">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Alarms</th>
              <th scope="col" title="Alarms inside / outside loop spans">
                In / out
              </th>
              <th scope="col" title="False alarms: episodes of alarms outside every loop span">
                False alarms
              </th>
              <th scope="col">Missed</th>
              <th scope="col" title="Transcripts without a loop span that raised any alarm">
                Clean flagged
              </th>
              <th scope="col">Latency</th>
              <th scope="col">F1</th>
              <th scope="col">
                <span className="visually-hidden">Use</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} className={r.value === current ? 'current' : undefined}>
                <td>{r.value}</td>
                <td>{r.alarms}</td>
                <td>{r.alarmsIn === null ? '–' : `${r.alarmsIn} / ${r.alarmsOut}`}</td>
                <td>{fmt(r.fp)}</td>
                <td>{fmt(r.missed)}</td>
                <td>{fmt(r.cleanFlagged)}</td>
                <td>{fmt(r.latency)}</td>
                <td>{fmt(r.f1)}</td>
                <td>
                  <button
                    type="button"
                    className="use"
                    aria-label={`Set ${paramLabel} to ${r.value}`}
                    disabled={r.value === current}
                    onClick={() => onPick(r.value)}
                  >
                    Use
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
