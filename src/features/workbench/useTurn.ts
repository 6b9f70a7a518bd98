import { useEffect, useSyncExternalStore } from 'react';
import type { Turn } from '../../model/transcript';
import type { TurnSource } from './turn-source';

/** Turn `turn` from the worker (the last one that arrived while it is on its way). */
export function useTurn(source: TurnSource | null, turn: number): Turn | undefined {
  const noop = () => () => undefined;
  useSyncExternalStore(source?.subscribe ?? noop, source?.getVersion ?? (() => 0));
  useEffect(() => source?.ensure(turn), [source, turn]);
  return source ? (source.get(turn) ?? source.latest) : undefined;
}
