import { useEffect, useMemo, useRef, useState } from 'react';
import type { Label } from '../../model/transcript';
import { DETECTOR_IDS, type DetectorEvent, type DetectorId } from '../../engine/types';
import { detectorDef } from '../../engine/detectors/registry';
import { useAppStore } from '../../state/store';
import type { TimelineView } from '../../state/timeline-slice';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { timelineEpisodes, timelineRows, type TimelineRow } from './timeline-bins';
import { AXIS, Cursor, LABEL_ROW, Marks, ROW } from './TimelineMarks';
import './replay.css';
import { followTurn, panView, windowOf, zoomView, ZOOM_STEP } from './timeline-view';
import { TimelineToolbar } from './TimelineToolbar';
import { useElementWidth } from './useElementWidth';

/**
 * The strip above the table: labelled spans on top, one labelled row per detector, a turn axis,
 * where the run stopped and the cursor. Click to move the cursor; drag across the rows to mark a
 * range (for labels). Wheel zooms around the pointer, Shift+wheel or dragging the axis pans.
 */
export function Timeline({
  turns,
  labels,
  events,
  stoppedAt,
  detectors,
  unknown = [],
}: {
  turns: number;
  labels: Label[];
  events: DetectorEvent[];
  stoppedAt: number | null;
  /** Detectors enabled in the config: each gets a row even while it is silent. */
  detectors: readonly DetectorId[];
  /** Detectors whose count is unknown on this run (the judge without recorded answers): "n/a", not 0. */
  unknown?: readonly DetectorId[];
}) {
  const range = useAppStore((s) => s.range);
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const n = Math.max(1, turns);
  const win = useMemo(() => windowOf(view, n), [view, n]);
  const [plot, width] = useElementWidth<HTMLDivElement>();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<
    { kind: 'range'; start: number } | { kind: 'pan'; x: number; view: TimelineView } | null
  >(null);
  const episodes = useMemo(() => timelineEpisodes(events), [events]);
  const binned = useMemo(
    () => timelineRows(events, n, win, Math.max(50, Math.floor(width / 2)), episodes),
    [events, n, win, width, episodes],
  );
  const rows = useMemo(() => withSilentRows(binned, detectors), [binned, detectors]);
  const height = LABEL_ROW + Math.max(1, rows.length) * ROW + AXIS;
  const span = win.to - win.from;
  const x = (pos: number) => ((pos - win.from) / span) * width;

  // A new run starts with the whole of it in view; stepping or playing past the edge scrolls.
  useEffect(() => {
    setView(null);
    return () => setView(null);
  }, [setView]);
  useEffect(
    () =>
      useAppStore.subscribe((s, prev) => {
        if (s.turn === prev.turn || !s.view) return;
        const next = followTurn(s.view, n, s.turn);
        if (next !== s.view) s.setView(next);
      }),
    [n],
  );

  // Wheel: React's wheel listener is passive and cannot keep the page from scrolling.
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = useAppStore.getState();
      const w = windowOf(s.view, n);
      const box = el.getBoundingClientRect();
      const at = w.from + ((e.clientX - box.left) / box.width) * (w.to - w.from);
      const horizontal = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
      if (horizontal) {
        const d = (e.shiftKey ? e.deltaY : e.deltaX) || e.deltaY;
        s.setView(panView(s.view, n, (d / box.width) * (w.to - w.from)));
      } else if (e.deltaY !== 0) s.setView(zoomView(s.view, n, e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [n, width]);

  const posAt = (clientX: number) => {
    const box = svg.current!.getBoundingClientRect();
    return win.from + ((clientX - box.left) / box.width) * span;
  };
  const turnAt = (clientX: number) => Math.max(1, Math.min(n, Math.floor(posAt(clientX)) + 1));
  const onAxis = (clientY: number) => clientY - svg.current!.getBoundingClientRect().top >= height - AXIS;

  return (
    <div className="timeline" aria-label="Timeline">
      <TimelineToolbar turns={n} view={view} />
      <div className="timeline-grid">
        <ul className="timeline-labels" aria-label="Timeline rows">
          <li className="timeline-label labels-row" style={{ height: LABEL_ROW }}>
            labels
          </li>
          {rows.map((r) => (
            <li
              key={r.detector}
              className="timeline-label"
              style={{ height: ROW }}
              title={detectorDef(r.detector)?.title ?? r.detector}
            >
              <i style={{ background: DETECTOR_COLOR[r.detector] }} />
              <span className="timeline-label-name">{r.detector}</span>
              <span className="timeline-label-count" title={unknown.includes(r.detector) ? UNKNOWN_COUNT : undefined}>
                {unknown.includes(r.detector) ? 'n/a' : r.count}
              </span>
            </li>
          ))}
          {rows.length === 0 && (
            <li className="timeline-label muted" style={{ height: ROW }}>
              no detector on
            </li>
          )}
          <li className="timeline-label axis-label" style={{ height: AXIS }}>
            turn
          </li>
        </ul>
        <div ref={plot} className="timeline-plot">
          <svg
            ref={svg}
            role="img"
            aria-label={`Timeline of ${turns} turns: ${labels.length} labelled spans, ${events.length} alarms`}
            width={width}
            height={height}
            data-from={win.from}
            data-to={win.to}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              (e.target as Element).setPointerCapture?.(e.pointerId);
              if (onAxis(e.clientY) && view) setDrag({ kind: 'pan', x: e.clientX, view });
              else setDrag({ kind: 'range', start: turnAt(e.clientX) });
            }}
            onPointerMove={(e) => {
              if (!drag) return;
              if (drag.kind === 'pan') {
                const box = svg.current!.getBoundingClientRect();
                const d = ((drag.x - e.clientX) / box.width) * (drag.view.to - drag.view.from);
                setView(panView(drag.view, n, d));
                return;
              }
              const t = turnAt(e.clientX);
              if (t !== drag.start) useAppStore.getState().setRange([Math.min(drag.start, t), Math.max(drag.start, t)]);
            }}
            onPointerUp={(e) => {
              if (drag?.kind === 'range' && turnAt(e.clientX) === drag.start) {
                useAppStore.getState().setTurn(drag.start);
                useAppStore.getState().setRange(null);
              } else if (drag?.kind === 'pan' && Math.abs(e.clientX - drag.x) < 3)
                useAppStore.getState().setTurn(turnAt(e.clientX));
              setDrag(null);
            }}
            className={drag?.kind === 'pan' ? 'panning' : view ? 'zoomed' : undefined}
          >
            {width > 0 && (
              <>
                <Marks win={win} width={width} height={height} labels={labels} rows={rows} />
                {range && (
                  <rect
                    x={x(range[0] - 1)}
                    y={0}
                    width={Math.max(1, x(range[1]) - x(range[0] - 1))}
                    height={height - AXIS}
                    fill="rgba(37,99,235,0.18)"
                    stroke="#2563eb"
                  />
                )}
                {stoppedAt !== null && (
                  <line
                    x1={x(stoppedAt - 0.5)}
                    x2={x(stoppedAt - 0.5)}
                    y1={0}
                    y2={height - AXIS}
                    stroke="#111827"
                    strokeDasharray="3 2"
                  />
                )}
                <Cursor win={win} width={width} height={height - AXIS} />
              </>
            )}
          </svg>
        </div>
      </div>
      <div className="timeline-legend">
        <span>
          <i style={{ background: '#fca5a5' }} /> loop label
        </span>
        <span>
          <i style={{ background: '#a7f3d0' }} /> progress label
        </span>
        {stoppedAt !== null && <span>┆ run stopped at turn {stoppedAt}</span>}
        <span className="spacer" />
        <span className="timeline-hint">
          wheel zoom · shift+wheel or drag the axis to pan · drag the rows to select
        </span>
      </div>
    </div>
  );
}

const UNKNOWN_COUNT = 'n/a: the run has no recorded judge answers to replay';

/** Enabled detectors get a row even when silent; rows follow the registry's order. */
function withSilentRows(rows: TimelineRow[], detectors: readonly DetectorId[]): TimelineRow[] {
  const by = new Map(rows.map((r) => [r.detector, r]));
  for (const d of detectors) if (!by.has(d)) by.set(d, { detector: d, runs: [], count: 0, episodes: [] });
  return DETECTOR_IDS.filter((d) => by.has(d)).map((d) => by.get(d)!);
}
