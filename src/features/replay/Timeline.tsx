import { memo, useMemo, useRef, useState } from 'react';
import type { Label } from '../../model/transcript';
import type { DetectorEvent } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { timelineRows, type TimelineRow } from './timeline-bins';

const ROW = 9;
const LABEL_ROW = 12;

/**
 * The strip above the table: labelled spans on top, one row of alarms per detector, the cursor.
 * Click to move the cursor; drag to mark a range (for labels).
 */
export function Timeline({
  turns,
  labels,
  events,
  stoppedAt,
}: {
  turns: number;
  labels: Label[];
  events: DetectorEvent[];
  stoppedAt: number | null;
}) {
  const range = useAppStore((s) => s.range);
  const rows = useMemo(() => timelineRows(events, turns), [events, turns]);
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const height = LABEL_ROW + 4 + Math.max(1, rows.length) * (ROW + 2) + 2;
  const n = Math.max(1, turns);

  const turnAt = (clientX: number) => {
    const box = svg.current!.getBoundingClientRect();
    return Math.max(1, Math.min(n, Math.floor(((clientX - box.left) / box.width) * n) + 1));
  };

  return (
    <div className="timeline" aria-label="Timeline">
      <svg
        ref={svg}
        role="img"
        aria-label={`Timeline of ${turns} turns: ${labels.length} labelled spans, ${events.length} alarms`}
        viewBox={`0 0 ${n} ${height}`}
        preserveAspectRatio="none"
        height={height}
        width="100%"
        onPointerDown={(e) => {
          (e.target as Element).setPointerCapture?.(e.pointerId);
          setDrag(turnAt(e.clientX));
        }}
        onPointerMove={(e) => {
          if (drag === null) return;
          const t = turnAt(e.clientX);
          if (t !== drag) useAppStore.getState().setRange([Math.min(drag, t), Math.max(drag, t)]);
        }}
        onPointerUp={(e) => {
          const t = turnAt(e.clientX);
          if (drag !== null && t === drag) {
            useAppStore.getState().setTurn(t);
            useAppStore.getState().setRange(null);
          }
          setDrag(null);
        }}
      >
        <Marks n={n} height={height} labels={labels} rows={rows} />
        {range && (
          <rect
            x={range[0] - 1}
            y={0}
            width={range[1] - range[0] + 1}
            height={height}
            fill="rgba(37,99,235,0.18)"
            stroke="#2563eb"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {stoppedAt !== null && (
          <line
            x1={stoppedAt - 0.5}
            x2={stoppedAt - 0.5}
            y1={0}
            y2={height}
            stroke="#111827"
            strokeDasharray="3 2"
            vectorEffect="non-scaling-stroke"
          />
        )}
        <Cursor height={height} />
      </svg>
      <div className="timeline-legend">
        <span>
          <i style={{ background: '#fca5a5' }} /> loop label
        </span>
        <span>
          <i style={{ background: '#a7f3d0' }} /> progress label
        </span>
        {rows.map((r) => (
          <span key={r.detector}>
            <i style={{ background: DETECTOR_COLOR[r.detector] }} /> {r.detector} ({r.count})
          </span>
        ))}
        {stoppedAt !== null && <span>┆ run stopped at turn {stoppedAt}</span>}
      </div>
    </div>
  );
}

/** Labels and alarms: redrawn only when they change, not on every cursor move. */
const Marks = memo(function Marks({
  n,
  height,
  labels,
  rows,
}: {
  n: number;
  height: number;
  labels: Label[];
  rows: TimelineRow[];
}) {
  return (
    <>
      <rect x={0} y={0} width={n} height={height} fill="#f9fafb" />
      {labels.map((l, i) => (
        <rect
          key={i}
          x={l.startTurn - 1}
          y={1}
          width={l.endTurn - l.startTurn + 1}
          height={LABEL_ROW - 2}
          fill={l.kind === 'loop' ? '#fca5a5' : '#a7f3d0'}
        >
          <title>{`${l.kind} ${l.startTurn}–${l.endTurn}${l.note ? `: ${l.note}` : ''}`}</title>
        </rect>
      ))}
      {rows.map((r, i) =>
        r.runs.map(([a, b]) => (
          <rect
            key={`${r.detector}-${a}`}
            x={a - 1}
            y={LABEL_ROW + 4 + i * (ROW + 2)}
            width={b - a + 1}
            height={ROW}
            fill={DETECTOR_COLOR[r.detector]}
          >
            <title>{`${r.detector}: turns ${a}–${b}`}</title>
          </rect>
        )),
      )}
    </>
  );
});

function Cursor({ height }: { height: number }) {
  const turn = useAppStore((s) => s.turn);
  return (
    <>
      <rect x={turn - 1} y={0} width={1} height={height} fill="rgba(217,119,6,0.35)" />
      <line
        x1={turn - 0.5}
        x2={turn - 0.5}
        y1={0}
        y2={height}
        stroke="#d97706"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </>
  );
}
