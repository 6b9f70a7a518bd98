/** The table's rows come from the worker a window at a time (src/workers/rows.ts). */
export type { TurnRow } from '../../workers/rows';

/** The first row of a 1-based turn, from the worker's turn → row map (`rowStarts`). */
export function firstRowOfTurn(starts: ArrayLike<number>, turn: number): number {
  const i = Math.min(Math.max(0, turn - 1), Math.max(0, starts.length - 2));
  return starts[i] ?? 0;
}
