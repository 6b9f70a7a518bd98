import { memo } from 'react';
import type { DetectorEvent, DetectorId } from '../../engine/types';
import type { Turn } from '../../model/transcript';
import { useAppStore } from '../../state/store';
import type { TurnRow } from '../transcript/rows';
import { TurnDetail } from '../transcript/TurnDetail';
import { TurnTable } from '../transcript/TurnTable';

const NO_EVENTS: DetectorEvent[] = [];

function useCursor(turns: number): number {
  const turn = useAppStore((s) => s.turn);
  return Math.min(Math.max(1, turn), Math.max(1, turns));
}

/** The views that follow the cursor subscribe to it themselves, so a key press re-renders only them. */
export const CursorTurnTable = memo(function CursorTurnTable(props: {
  rows: TurnRow[];
  markers: Map<string, DetectorId[]>;
  turns: number;
}) {
  const cursor = useCursor(props.turns);
  const setTurn = useAppStore((s) => s.setTurn);
  const setRange = useAppStore((s) => s.setRange);
  const extend = (t: number) => setRange([Math.min(cursor, t), Math.max(cursor, t)]);
  return (
    <TurnTable rows={props.rows} turn={cursor} onSelect={setTurn} onShiftSelect={extend} markers={props.markers} />
  );
});

export const CursorTurnDetail = memo(function CursorTurnDetail(props: {
  turns: Turn[];
  eventsByTurn: Map<number, DetectorEvent[]>;
}) {
  const cursor = useCursor(props.turns.length);
  return <TurnDetail turn={props.turns[cursor - 1]} events={props.eventsByTurn.get(cursor) ?? NO_EVENTS} />;
});
