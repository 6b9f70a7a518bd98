import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import type { RowMarkers } from '../workbench/row-markers';
import type { RowSource } from '../workbench/row-source';
import { errorRuleTitle } from './call-marks';
import { firstRowOfTurn } from './rows';

const ROW_HEIGHT = 30;

/**
 * A virtualised table of calls: only the rows on screen exist in the DOM, and only the rows near
 * them are on the page at all (fetched from the worker by `source`), even at 1,000,000 calls.
 */
export function TurnTable({
  source,
  turn,
  onSelect,
  onShiftSelect,
  markers,
}: {
  source: RowSource;
  turn: number;
  onSelect: (turn: number) => void;
  /** Shift+click: extend a range from the cursor to this turn (for labels). */
  onShiftSelect?: (turn: number) => void;
  /** Detectors that fired per `turn|call` (or `turn|` for turn-level events). */
  markers?: RowMarkers;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Re-renders when a block of rows arrives from the worker.
  useSyncExternalStore(source.subscribe, source.getVersion);
  const count = source.count;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  useEffect(() => {
    if (count) virtualizer.scrollToIndex(firstRowOfTurn(source.rowStarts, turn), { align: 'auto' });
  }, [turn, source, count, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (count) source.ensure(first, last);
  }, [source, count, first, last]);
  return (
    <div
      className="turn-table"
      role="table"
      aria-label="Turns"
      aria-rowcount={count}
      // The Turn and Call columns fit the run's longest number (six digits from 100,000 calls).
      style={{ ['--num-w' as string]: `${Math.max(5, String(count).length)}ch` }}
    >
      <div className="turn-row head" role="row">
        <span role="columnheader">Turn</span>
        <span role="columnheader">Call</span>
        <span role="columnheader">Tool</span>
        <span role="columnheader">Arguments</span>
        <span role="columnheader">Result</span>
        <span role="columnheader">Alarms</span>
      </div>
      <div ref={scroller} className="turn-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((v) => {
            const r = source.get(v.index);
            const style = {
              position: 'absolute',
              top: 0,
              transform: `translateY(${v.start}px)`,
              height: ROW_HEIGHT,
              width: '100%',
            } as const;
            // Not here yet (asked for): an empty row of the right height, so the scroll does not jump.
            if (!r)
              return (
                <div key={v.key} role="row" aria-rowindex={v.index + 1} aria-busy className="turn-row" style={style} />
              );
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 1}
                aria-selected={r.turn === turn}
                className={`turn-row${r.turn === turn ? ' selected' : ''}${r.isError ? (r.inferred ? ' error inferred' : ' error') : ''}`}
                style={style}
                onMouseDown={(e) => onShiftSelect && e.shiftKey && e.preventDefault() /* no text selection */}
                onClick={(e) => (onShiftSelect && e.shiftKey ? onShiftSelect(r.turn) : onSelect(r.turn))}
              >
                <span role="cell">{r.turn}</span>
                <span role="cell">{r.call ?? ''}</span>
                <span role="cell" className="tool" title={r.name}>
                  {r.textual && (
                    <span
                      className="mark textual"
                      title="Written as text in the assistant message, not a real tool call"
                    >
                      text
                    </span>
                  )}
                  {r.rejected && (
                    <span className="mark rejected" title="Refused by the harness: the call never ran">
                      rejected
                    </span>
                  )}
                  {r.name ?? <em className="muted">text</em>}
                </span>
                <span role="cell" className="mono">
                  {r.args ?? r.text}
                </span>
                <span role="cell" className="mono result" title={r.inferred ? errorRuleTitle(r.inferred) : undefined}>
                  {r.inferred && <span className="mark inferred">error?</span>}
                  {r.result ?? ''}
                </span>
                <span role="cell" className="markers">
                  {[
                    ...(markers?.at(r.turn, r.call) ?? []),
                    ...(r.call !== undefined && r.text ? (markers?.at(r.turn) ?? []) : []),
                  ].map((d, i) => (
                    <i key={i} title={d} aria-label={d} style={{ background: DETECTOR_COLOR[d] }} />
                  ))}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
