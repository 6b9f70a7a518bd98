import { memo } from 'react';
import type { DetectorEvent } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { TurnDetail } from '../transcript/TurnDetail';
import { TurnTable } from '../transcript/TurnTable';
import type { RowMarkers } from './row-markers';
import type { EventsByTurn } from './events-by-turn';
import type { RowSource } from './row-source';
import type { TurnSource } from './turn-source';
import { useTurn } from './useTurn';

const NO_EVENTS: readonly DetectorEvent[] = [];

function useCursor(turns: number): number {
  const turn = useAppStore((s) => s.turn);
  return Math.min(Math.max(1, turn), Math.max(1, turns));
}

/** The views that follow the cursor subscribe to it themselves, so a key press re-renders only them. */
export const CursorTurnTable = memo(function CursorTurnTable(props: {
  source: RowSource;
  markers: RowMarkers;
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
  eventsByTurn: EventsByTurn;
}) {
  const cursor = useCursor(props.turns);
  const turn = useTurn(props.source, cursor);
  return <TurnDetail turn={turn} events={turn ? (props.eventsByTurn.get(turn.index) ?? NO_EVENTS) : NO_EVENTS} />;
});
