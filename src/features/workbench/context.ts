import { createContext, useContext } from 'react';
import type { Label, Transcript } from '../../model/transcript';
import type { TranscriptMeta } from '../../persistence/db';
import type { RunOutcome } from '../../workers/sessions';

/**
 * What every workbench view reads: the open transcript, its labels, and the latest replay from
 * the worker. Views only show these; detection is computed in the worker.
 */
export interface WorkbenchData {
  id: number;
  meta: TranscriptMeta;
  transcript: Transcript;
  labels: Label[];
  setLabels(labels: Label[]): void;
  /** The latest replay of the draft config (null until the first one arrives). */
  outcome: RunOutcome | null;
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
