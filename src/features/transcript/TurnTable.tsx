import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { DetectorId } from '../../engine/types';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { errorRuleTitle } from './call-marks';
import { firstRowOfTurn, type TurnRow } from './rows';

const ROW_HEIGHT = 30;

/** A virtualised table of calls: only the rows on screen exist in the DOM, even at 100,000 turns. */
export function TurnTable({
  rows,
  turn,
  onSelect,
  onShiftSelect,
  markers,
}: {
  rows: TurnRow[];
  turn: number;
  onSelect: (turn: number) => void;
  /** Shift+click: extend a range from the cursor to this turn (for labels). */
  onShiftSelect?: (turn: number) => void;
  /** Detectors that fired per `turn|call` (or `turn|` for turn-level events). */
  markers?: Map<string, DetectorId[]>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  useEffect(() => {
    if (rows.length) virtualizer.scrollToIndex(firstRowOfTurn(rows, turn), { align: 'auto' });
  }, [turn, rows, virtualizer]);
  return (
    <div className="turn-table" role="table" aria-label="Turns" aria-rowcount={rows.length}>
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
          {virtualizer.getVirtualItems().map((v) => {
            const r = rows[v.index];
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 1}
                aria-selected={r.turn === turn}
                className={`turn-row${r.turn === turn ? ' selected' : ''}${r.isError ? (r.inferred ? ' error inferred' : ' error') : ''}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  transform: `translateY(${v.start}px)`,
                  height: ROW_HEIGHT,
                  width: '100%',
                }}
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
                    ...(markers?.get(`${r.turn}|${r.call ?? ''}`) ?? []),
                    ...(r.call === undefined || r.text ? (markers?.get(`${r.turn}|`) ?? []) : []),
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
