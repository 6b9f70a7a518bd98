/**
 * Import as the worker runs it: errors are returned as data (Comlink would strip an Error's class)
 * and progress is throttled to whole percents so the page is not flooded with messages.
 */
import { importSource, ImportError } from '../import/index';
import type { ImportResult } from '../import/types';
import { sourceFromBlob } from '../import/source';

export type ImportOutcome =
  | { ok: true; result: ImportResult }
  | { ok: false; error: { file: string; line?: number; reason: string; message: string } };

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
