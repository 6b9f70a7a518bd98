import { memo } from 'react';
import type { Label } from '../../model/transcript';
import { useAppStore } from '../../state/store';
import type { TimelineView } from '../../state/timeline-slice';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import type { TimelineRow } from './timeline-bins';
import { ticks } from './timeline-view';

/** Pixel geometry of the strip; the label column beside it uses the same row heights (CSS). */
export const LABEL_ROW = 14;
export const ROW = 15;
const BAR = 11;
export const AXIS = 18;

/** Labels, alarms and the axis: redrawn when they or the window change, not on every cursor move. */
export const Marks = memo(function Marks({
  win,
  width,
  height,
  labels,
  rows,
}: {
  win: TimelineView;
  width: number;
  height: number;
  labels: Label[];
  rows: TimelineRow[];
}) {
  const span = win.to - win.from;
  const x = (pos: number) => ((pos - win.from) / span) * width;
  // At least a pixel wide, so a single turn of a long run still shows.
  const w = (a: number, b: number) => Math.max(1, x(b) - x(a - 1));
  const axisY = height - AXIS;
  return (
    <>
      <rect x={0} y={0} width={width} height={axisY} fill="#f9fafb" />
      {rows.map((r, i) =>
        i % 2 === 1 ? (
          <rect key={`band-${r.detector}`} x={0} y={LABEL_ROW + i * ROW} width={width} height={ROW} fill="#f3f4f6" />
        ) : null,
      )}
      {labels
        .filter((l) => l.endTurn > win.from && l.startTurn - 1 < win.to)
        .map((l, i) => (
          <rect
            key={i}
            x={x(l.startTurn - 1)}
            y={1}
            width={w(l.startTurn, l.endTurn)}
            height={LABEL_ROW - 3}
            fill={l.kind === 'loop' ? '#fca5a5' : '#a7f3d0'}
          >
            <title>{`${l.kind} ${l.startTurn}–${l.endTurn}${l.note ? `: ${l.note}` : ''}`}</title>
          </rect>
        ))}
      {rows.map((r, i) =>
        r.episodes.map(([a, b, n]) => (
          <rect
            key={`${r.detector}-episode-${a}`}
            className="timeline-episode"
            x={x(a - 1)}
            y={LABEL_ROW + i * ROW + 1}
            width={w(a, b)}
            height={ROW - 2}
            fill={DETECTOR_COLOR[r.detector]}
            fillOpacity={0.3}
          >
            <title>{`${r.detector}: one loop, turns ${a}–${b}, ${n} alarms`}</title>
          </rect>
        )),
      )}
      {rows.map((r, i) =>
        r.runs.map(([a, b]) => (
          <rect
            key={`${r.detector}-${a}`}
            x={x(a - 1)}
            y={LABEL_ROW + i * ROW + (ROW - BAR) / 2}
            width={w(a, b)}
            height={BAR}
            fill={DETECTOR_COLOR[r.detector]}
          >
            <title>{a === b ? `${r.detector}: turn ${a}` : `${r.detector}: turns ${a}–${b}`}</title>
          </rect>
        )),
      )}
      <g className="timeline-axis" aria-hidden="true">
        <line x1={0} x2={width} y1={axisY + 0.5} y2={axisY + 0.5} stroke="#9ca3af" />
        {ticks(win, Math.max(2, Math.floor(width / 70))).map((t) => (
          <g key={t} transform={`translate(${x(t - 0.5)},${axisY})`}>
            <line y1={0} y2={4} stroke="#6b7280" />
            {/* Labels at the ends lean inwards, so none is cut off at the strip's edge. */}
            <text y={14} textAnchor={x(t - 0.5) < 18 ? 'start' : x(t - 0.5) > width - 18 ? 'end' : 'middle'}>
              {t.toLocaleString('en-US')}
            </text>
          </g>
        ))}
      </g>
    </>
  );
});

export function Cursor({ win, width, height }: { win: TimelineView; width: number; height: number }) {
  const turn = useAppStore((s) => s.turn);
  if (turn - 1 > win.to || turn < win.from) return null;
  const span = win.to - win.from;
  const x0 = ((turn - 1 - win.from) / span) * width;
  const x1 = ((turn - win.from) / span) * width;
  return (
    <g className="timeline-cursor" data-turn={turn}>
      <rect x={x0} y={0} width={Math.max(1, x1 - x0)} height={height} fill="rgba(217,119,6,0.35)" />
      <line x1={(x0 + x1) / 2} x2={(x0 + x1) / 2} y1={0} y2={height} stroke="#d97706" strokeWidth={2} />
    </g>
  );
}
