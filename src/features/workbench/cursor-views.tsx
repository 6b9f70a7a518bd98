import { memo } from 'react';
import type { DetectorEvent, DetectorId } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { TurnDetail } from '../transcript/TurnDetail';
import { TurnTable } from '../transcript/TurnTable';
import type { RowSource } from './row-source';
import type { TurnSource } from './turn-source';
import { useTurn } from './useTurn';

const NO_EVENTS: DetectorEvent[] = [];

function useCursor(turns: number): number {
  const turn = useAppStore((s) => s.turn);
  return Math.min(Math.max(1, turn), Math.max(1, turns));
}

/** The views that follow the cursor subscribe to it themselves, so a key press re-renders only them. */
export const CursorTurnTable = memo(function CursorTurnTable(props: {
  source: RowSource;
  markers: Map<string, DetectorId[]>;
  turns: number;
}) {
  const cursor = useCursor(props.turns);
  const setTurn = useAppStore((s) => s.setTurn);
  const setRange = useAppStore((s) => s.setRange);
  const extend = (t: number) => setRange([Math.min(cursor, t), Math.max(cursor, t)]);
  return (
    <TurnTable source={props.source} turn={cursor} onSelect={setTurn} onShiftSelect={extend} markers={props.markers} />
  );
});

export const CursorTurnDetail = memo(function CursorTurnDetail(props: {
  source: TurnSource | null;
  turns: number;
  eventsByTurn: Map<number, DetectorEvent[]>;
}) {
  const cursor = useCursor(props.turns);
  const turn = useTurn(props.source, cursor);
  return <TurnDetail turn={turn} events={turn ? (props.eventsByTurn.get(turn.index) ?? NO_EVENTS) : NO_EVENTS} />;
});
