/**
 * Import as the worker runs it: errors are returned as data (Comlink would strip an Error's class)
 * and progress is throttled to whole percents so the page is not flooded with messages.
 */
import { importSource, ImportError } from '../import/index';
import type { ImportUnit } from '../import/folder';
import { importUnit } from '../import/folder-import';
import type { ImportResult } from '../import/types';
import { sourceFromBlob } from '../import/source';

export type ImportOutcome =
  | { ok: true; result: ImportResult }
  | { ok: false; error: { file: string; line?: number; reason: string; message: string } };

function throttled(onProgress?: (read: number, total: number) => void) {
  let lastPct = -1;
  return (read: number, total: number) => {
    const pct = total ? Math.floor((read / total) * 100) : 100;
    if (pct === lastPct) return;
    lastPct = pct;
    onProgress?.(read, total);
  };
}

export type UnitImportOutcome =
  | { status: 'imported'; result: ImportResult }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; message: string };

/** One unit of a folder plan (a file, or an OpenHands events folder), read from the page's Files. */
export async function importFolderUnit(
  unit: ImportUnit<Blob>,
  onProgress?: (read: number, total: number) => void,
): Promise<UnitImportOutcome> {
  const progress = throttled(onProgress);
  const ctx = { onProgress: progress };
  const sources: ImportUnit<ReturnType<typeof sourceFromBlob>> =
    unit.kind === 'file'
      ? { ...unit, file: sourceFromBlob(unit.path, unit.file, ctx) }
      : { ...unit, files: unit.files.map((f) => ({ ...f, file: sourceFromBlob(f.path, f.file) })) };
  const outcome = await importUnit(sources, ctx);
  progress(unit.size, unit.size);
  if (outcome.status === 'failed') return { status: 'failed', message: outcome.error.message.split('\n')[0] };
  return outcome;
}

export async function importFile(
  file: Blob,
  name: string,
  formatId: string | undefined,
  onProgress?: (read: number, total: number) => void,
): Promise<ImportOutcome> {
  let lastPct = -1;
  const progress = (read: number, total: number) => {
    const pct = total ? Math.floor((read / total) * 100) : 100;
    if (pct === lastPct) return;
    lastPct = pct;
    onProgress?.(read, total);
  };
  try {
    const result = await importSource(
      sourceFromBlob(name, file, { onProgress: progress }),
      { onProgress: progress },
      formatId,
    );
    progress(file.size, file.size);
    return { ok: true, result };
  } catch (e) {
    if (e instanceof ImportError)
      return { ok: false, error: { file: e.file, line: e.line, reason: e.reason, message: e.message } };
    const msg = e instanceof Error ? e.message : String(e);
    // Anything else is a bug in an importer; still name the file rather than show a stack trace.
    return {
      ok: false,
      error: { file: name, reason: `could not be read: ${msg}`, message: `${name}: could not be read: ${msg}` },
    };
  }
}
