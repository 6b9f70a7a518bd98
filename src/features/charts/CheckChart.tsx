import { memo, useMemo } from 'react';
import {
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { getParam, type EngineConfig } from '../../engine/config';
import type { JudgeCheck } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { checkRows, checkSources, niceTicks, type CheckRow, turnTicks } from './chart-data';
import { cursorLine, LEGEND_STYLE, MARGIN, TICK, X_TITLED, xTitle, yTitle } from './chart-theme';
import { checkSeries, withSeriesKeys } from './check-series';

const SOURCE_NOTE: Record<string, string> = {
  recorded: 'answers recorded in the transcript (circles)',
  heuristic: 'a deterministic stand-in, not an LLM (triangles)',
  'openai-compatible': 'live: answers of your endpoint, from its cache (stars)',
};

function CheckTip({ active, payload }: { active?: boolean; payload?: readonly { payload?: CheckRow }[] }) {
  const r = payload?.[0]?.payload;
  if (!active || !r) return null;
  if (!r.check)
    return (
      <div className="chart-tip">
        Turn {r.turn}: no check{r.interval === undefined ? ' yet' : `; interval ${r.interval} turns`}
      </div>
    );
  return (
    <div className="chart-tip">
      <b>Check at turn {r.turn}</b> ({r.source}){r.flash !== null && <div>flash: {r.flash}</div>}
      {r.pro !== null && <div>pro: {r.pro}</div>}
      {r.unavailableModels && <div>model unavailable: {r.unavailableModels}</div>}
      {r.notAskedModels && <div>not asked yet: {r.notAskedModels}</div>}
      <div>next check in {r.interval} turns</div>
    </div>
  );
}

function EnableJudge({ why }: { why: string }) {
  const setParam = useAppStore((s) => s.setParam);
  return (
    <div className="chart-empty">
      <p className="muted small">{why}</p>
      <button
        type="button"
        onClick={() => {
          setParam('detectors.llm-judge.enabled', true);
          setParam('detectors.llm-judge.source', 'recorded');
        }}
      >
        Enable llm-judge (recorded answers)
      </button>
    </div>
  );
}

/** The judge's schedule: when it checked, flash and pro confidence, and the interval it chose next. */
/** Redrawn only when its inputs change (the Charts tab re-renders at every key step). */
export const CheckChart = memo(function CheckChart({
  checks,
  turn,
  turns,
  draft,
  judgeLines,
  wide,
}: {
  checks: JudgeCheck[];
  turn: number;
  turns: number;
  draft: EngineConfig;
  judgeLines: number;
  wide: boolean;
}) {
  const rows = useMemo(() => checkRows(checks, turn), [checks, turn]);
  const points = useMemo(() => withSeriesKeys(rows), [rows]);
  // Series from the whole run, so the legend does not change while scrubbing.
  const series = useMemo(() => checkSeries(checkRows(checks, Infinity)), [checks]);
  const sources = useMemo(() => checkSources(checks), [checks]);
  const enabled = draft.detectors['llm-judge'] !== undefined && draft.detectors['llm-judge'].enabled !== false;
  const source = String(getParam(draft, 'detectors.llm-judge.source'));
  if (!enabled) return <EnableJudge why="The LLM judge is off in this config, so there are no checks to show." />;
  if (checks.length === 0) {
    const first = Number(getParam(draft, 'detectors.llm-judge.checkAfterTurns'));
    const reasons: string[] = [];
    if (source !== 'recorded') reasons.push(`the judge source is ${source} and gave no answers here`);
    if (turns < first) reasons.push(`the first check is at turn ${first} and this transcript has ${turns} turns`);
    if (source === 'recorded' && judgeLines === 0) reasons.push('this transcript has no recorded judge answers');
    const why = reasons.length ? `No checks: ${reasons.join('; ')}.` : 'No checks in this transcript.';
    return source !== 'recorded' ? <EnableJudge why={why} /> : <p className="muted small">{why}</p>;
  }
  const threshold = Number(getParam(draft, 'detectors.llm-judge.threshold'));
  // Headroom above the largest interval keeps the step line off the threshold line and the top edge.
  const intervalTicks = niceTicks(1.25 * Math.max(1, ...checks.map((c) => c.nextInterval)));
  const unavailable = checks.some((c) => c.confidence === null && !c.notAsked);
  const notAsked = checks.some((c) => c.notAsked);
  return (
    <>
      <p className="chart-caption small">
        {sources.map((s) => (
          <span key={s} className="chip source-chip" title={SOURCE_NOTE[s]}>
            {s}
          </span>
        ))}
        <span className="muted"> {sources.map((s) => SOURCE_NOTE[s] ?? s).join('; ')}</span>
      </p>
      <ResponsiveContainer width="100%" height={wide ? 250 : 220}>
        {/* Before the first check, one empty row at the cursor: Recharts draws no axes without data. */}
        <ComposedChart data={points.length ? points : [{ turn } as (typeof points)[number]]} margin={MARGIN}>
          <XAxis
            type="number"
            dataKey="turn"
            domain={[1, Math.max(2, turns)]}
            ticks={turnTicks(1, Math.max(2, turns))}
            allowDecimals={false}
            tick={TICK}
            height={X_TITLED}
            label={xTitle('turn')}
          />
          <YAxis
            yAxisId="c"
            domain={[0, 1]}
            allowDataOverflow
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tick={TICK}
            width={42}
            label={yTitle('confidence')}
          />
          <YAxis
            yAxisId="i"
            orientation="right"
            domain={[0, intervalTicks[intervalTicks.length - 1]]}
            allowDataOverflow
            ticks={intervalTicks}
            tick={TICK}
            width={34}
            label={yTitle('interval (turns)', true)}
          />
          <Tooltip content={CheckTip} />
          <Legend wrapperStyle={LEGEND_STYLE} iconSize={9} />
          <ReferenceLine
            yAxisId="c"
            y={threshold}
            stroke="#b91c1c"
            strokeDasharray="5 4"
            label={{ value: `threshold ${threshold}`, position: 'insideTopLeft', fontSize: 10, fill: '#b91c1c' }}
          />
          <Line
            yAxisId="i"
            type="stepAfter"
            dataKey="interval"
            name="next interval (turns, right)"
            stroke="#9ca3af"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
          {series.map((x) => (
            <Scatter
              key={x.key}
              yAxisId="c"
              dataKey={x.key}
              name={x.name}
              fill={x.color}
              shape={x.shape}
              legendType={x.shape}
              isAnimationActive={false}
            />
          ))}
          {unavailable && (
            <Scatter
              yAxisId="c"
              dataKey="unavailable"
              name="model unavailable"
              fill="#6b7280"
              shape="cross"
              legendType="cross"
              isAnimationActive={false}
            />
          )}
          {notAsked && (
            <Scatter
              yAxisId="c"
              dataKey="notAsked"
              name="not asked yet"
              fill="#d1d5db"
              shape="square"
              legendType="square"
              isAnimationActive={false}
            />
          )}
          {cursorLine(turn, 'c')}
        </ComposedChart>
      </ResponsiveContainer>
    </>
  );
});
