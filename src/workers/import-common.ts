/**
 * What the worker's file import (import-file.ts) and folder import (import-folder-unit.ts) share:
 * the summary the page gets, progress throttled (whole percents, ten times a second), and the library's triage of
 * what was just stored.
 */
import type { LoopscopeDb } from '../persistence/db';
import type { LibraryTriage } from './triage';

/** What the page learns of a stored import: never the transcripts themselves. */
export interface ImportSummary {
  ids: number[];
  format: string;
  transcripts: number;
  turns: number;
  /** `FILE:LINE: reason` lines. */
  warnings: string[];
}

/** The page's progress bar is told at most this often while a file is read (the end always). */
export const PROGRESS_EVERY_MS = 100;

/**
 * Progress at most once per whole percent and per PROGRESS_EVERY_MS: every message redraws the
 * page, whose thread shares the machine's cores with the import's workers (a 160 MB file read in
 * 1.5 s gave 66 redraws a second). `now`: the clock (tests pass their own).
 */
export function throttled(
  onProgress?: (read: number, total: number) => void,
  now: () => number = () => performance.now(),
) {
  let lastPct = -1;
  let lastAt = -Infinity;
  return (read: number, total: number) => {
    const pct = total ? Math.floor((read / total) * 100) : 100;
    if (pct === lastPct) return;
    const at = now();
    if (pct < 100 && at - lastAt < PROGRESS_EVERY_MS) return;
    lastPct = pct;
    lastAt = at;
    onProgress?.(read, total);
  };
}

/** Runs of more calls are left for the library to triage: their replay would hold the worker up. */
const TRIAGE_AT_IMPORT_MAX_CALLS = 20_000;

/** The library's triage digests of what was just imported, after the import has answered (triage.ts). */
export function triageLater(
  triage: LibraryTriage,
  runs: Parameters<LibraryTriage['noteImported']>[0],
  database: LoopscopeDb,
): void {
  const small = runs.filter(
    (r) => r.transcript.turns.reduce((n, t) => n + t.calls.length, 0) <= TRIAGE_AT_IMPORT_MAX_CALLS,
  );
  if (small.length) setTimeout(() => void triage.noteImported(small, database).catch(() => undefined), 0);
}
