/**
 * Every preset over the whole library, one transcript at a time (each is loaded, sent to the
 * worker, and dropped), with progress and cancel. Transcripts without any label are left out of
 * the sums: their alarms can be neither true nor false.
 */
import type { CompareRow } from '../../engine/compare';
import type { Label, Transcript } from '../../model/transcript';
import { PresetTotals, type CompareTableRow } from './compare-rows';

export interface LibraryCompareDeps {
  ids: readonly number[];
  load(id: number): Promise<{ transcript: Transcript; labels: Label[] } | null>;
  compare(t: Transcript, labels: Label[]): Promise<CompareRow[]>;
  onProgress?(p: LibraryProgress): void;
  signal?: AbortSignal;
}

export interface LibraryProgress {
  done: number;
  total: number;
  /** Transcripts summed so far (labelled ones). */
  measured: number;
  /** Transcripts left out so far: no labels, or gone from the library. */
  skipped: number;
  /** Measured transcripts without recorded judge answers (the recorded judge is unavailable on them). */
  withoutJudge: number;
}

export interface LibraryCompareResult extends LibraryProgress {
  rows: CompareTableRow[];
  cancelled: boolean;
}

export async function compareLibrary(deps: LibraryCompareDeps): Promise<LibraryCompareResult> {
  const totals = new PresetTotals();
  const p: LibraryProgress = { done: 0, total: deps.ids.length, measured: 0, skipped: 0, withoutJudge: 0 };
  let cancelled = false;
  for (const id of deps.ids) {
    if (deps.signal?.aborted) {
      cancelled = true;
      break;
    }
    const loaded = await deps.load(id);
    if (!loaded || loaded.labels.length === 0) p.skipped++;
    else {
      const rows = await deps.compare(loaded.transcript, loaded.labels);
      if (deps.signal?.aborted) {
        cancelled = true;
        break;
      }
      totals.add(rows);
      p.measured++;
      if ((loaded.transcript.judge?.length ?? 0) === 0) p.withoutJudge++;
    }
    p.done++;
    deps.onProgress?.({ ...p });
  }
  return { ...p, rows: totals.rows(p.measured > 0), cancelled };
}
