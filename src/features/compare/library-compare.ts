/**
 * Every preset (and the user's and saved configs) over the whole library, one transcript at a
 * time (the worker reads each from IndexedDB by id, compares, and drops it), with progress and
 * cancel. Labelled transcripts add to the metrics; the others are counted apart (alarms, runs
 * alarmed, runs stopped): their alarms can be neither true nor false.
 */
import type { StoredComparison } from '../../workers/compare-stored';
import { PresetTotals, type CompareTableRow, type RowInfo } from './compare-rows';

export interface LibraryCompareDeps {
  ids: readonly number[];
  /** Every row's config on transcript `id`, its recorded judge answers and whether it has labels; null when gone. */
  compare(id: number): Promise<StoredComparison | null>;
  /** The rows that are not presets (the user's and saved configs). */
  info?: ReadonlyMap<string, RowInfo>;
  onProgress?(p: LibraryProgress): void;
  signal?: AbortSignal;
}

export interface LibraryProgress {
  done: number;
  total: number;
  /** Labelled transcripts summed so far. */
  measured: number;
  /** Transcripts without labels counted so far (alarms and stops only). */
  unlabelled: number;
  /** Transcripts left out so far: gone from the library. */
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
  const p: LibraryProgress = {
    done: 0,
    total: deps.ids.length,
    measured: 0,
    unlabelled: 0,
    skipped: 0,
    withoutJudge: 0,
  };
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
    else if (!got.labelled) {
      totals.addUnlabelled(got.rows);
      p.unlabelled++;
    } else {
      totals.add(got.rows);
      p.measured++;
      if (got.judgeLines === 0) p.withoutJudge++;
    }
    p.done++;
    deps.onProgress?.({ ...p });
  }
  return { ...p, rows: totals.rows(p.measured > 0, deps.info), cancelled };
}
