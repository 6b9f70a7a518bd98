import { createContext, useContext } from 'react';
import type { Label } from '../../model/transcript';
import type { TranscriptMeta } from '../../persistence/db';
import type { ShownOutcome } from '../../workers/shown-outcome';
import type { RowSource } from './row-source';
import type { TurnSource } from './turn-source';

/**
 * What every workbench view reads: the open transcript's library row and counts, its labels, the
 * table's row source and the latest replay from the worker. The transcript itself stays in the
 * worker: views ask it for the rows and the turn they show. Detection is computed there too.
 */
export interface WorkbenchData {
  id: number;
  /** The library row: title, format, file name, turn and call counts, warnings. */
  meta: TranscriptMeta;
  /** Assistant turns in the run. */
  turns: number;
  /** Recorded judge answers in the file. */
  judgeLines: number;
  /** Whether any turn carries token counts. */
  hasTokens: boolean;
  /** The turn table's rows, fetched from the worker a window at a time; null until the session opens. */
  rows: RowSource | null;
  /** The detail pane's turns, fetched from the worker one at a time; null until the session opens. */
  turnSource: TurnSource | null;
  labels: Label[];
  setLabels(labels: Label[]): void;
  /** The latest replay of the draft config (null until the first one arrives). */
  outcome: ShownOutcome | null;
  /** A newer replay has been asked for and has not arrived yet. */
  pending: boolean;
  /** The worker is ready to run sweeps and compares on this transcript. */
  ready: boolean;
  /** Increases with every replay answer shown (benchmarks and tests wait on it). */
  runSeq: number;
  /** Why the last open or replay failed (a thrown error, a dead or hung worker); null when fine. */
  failure: string | null;
  /** Opens the session again and re-runs the replay. */
  retry(): void;
}

export const WorkbenchContext = createContext<WorkbenchData | null>(null);

export function useWorkbench(): WorkbenchData {
  const v = useContext(WorkbenchContext);
  if (!v) throw new Error('useWorkbench outside a workbench');
  return v;
}
