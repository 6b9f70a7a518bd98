/**
 * Every preset over the whole library, one transcript at a time (the worker reads each from
 * IndexedDB by id, compares, and drops it), with progress and cancel. Transcripts without any
 * label are left out of the sums: their alarms can be neither true nor false.
 */
import type { CompareRow } from '../../engine/compare';
import { PresetTotals, type CompareTableRow } from './compare-rows';

export interface LibraryCompareDeps {
  ids: readonly number[];
  /** Every preset on transcript `id` and its recorded judge answers; null when it has no labels or is gone. */
  compare(id: number): Promise<{ rows: CompareRow[]; judgeLines: number } | null>;
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
    const got = await deps.compare(id);
    if (deps.signal?.aborted) {
      cancelled = true;
      break;
    }
    if (!got) p.skipped++;
    else {
      totals.add(got.rows);
      p.measured++;
      if (got.judgeLines === 0) p.withoutJudge++;
    }
    p.done++;
    deps.onProgress?.({ ...p });
  }
  return { ...p, rows: totals.rows(p.measured > 0), cancelled };
}
