/** One unit of a folder import in the worker: parsed, checked for a stored copy, stored in one transaction. */
import { hashBlobs } from '../import/content-hash';
import type { ImportUnit } from '../import/folder';
import { importUnit } from '../import/folder-import';
import { sourceFromBlob } from '../import/source';
import type { DatabaseOption } from './database-option';
import { ENGINE_WORKER_READING } from './engine-worker-reading';
import type { ImportResult } from '../import/types';
import { formatWarning } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { holdWhileChecking } from '../persistence/store-lock';
import { saveImport, type SaveOptions } from '../persistence/transcripts';
import { duplicateCheck, type AskDuplicate } from './duplicate-check';
import { throttled, triageLater, type ImportSummary } from './import-common';
import type { LibraryTriage } from './triage';

/** Stores one parsed file or folder in one transaction and sums it up for the page. */
async function storeResult(
  triage: LibraryTriage,
  fileName: string,
  result: ImportResult,
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
): Promise<ImportSummary> {
  const ids = await saveImport(fileName, result, opts, database);
  const warnings = result.warnings.map(formatWarning);
  const metas = await database.transcripts.bulkGet(ids);
  // What storing added (a turn cut to fit one record) is said in the import's status too.
  for (const meta of metas) warnings.push(...(meta?.warnings ?? []).slice(result.warnings.length));
  // Not a run whose turns storing cut: its stored turns are not the parsed ones.
  const whole = ids.flatMap((id, i) => {
    const meta = metas[i];
    return meta && meta.warnings.length === result.warnings.length
      ? [{ id, importedAt: meta.importedAt, transcript: result.transcripts[i] }]
      : [];
  });
  triageLater(triage, whole, database);
  return {
    ids,
    format: result.format,
    transcripts: result.transcripts.length,
    turns: result.transcripts.reduce((n, t) => n + t.turns.length, 0),
    warnings,
  };
}

export type UnitImportOutcome =
  | { status: 'imported'; summary: ImportSummary }
  | { status: 'skipped'; reason: string }
  /** Already in the library, and the user chose to skip it. */
  | { status: 'duplicate' }
  | { status: 'failed'; message: string };

/**
 * One unit of a folder plan (a file, or an OpenHands events folder), read from the page's Files
 * and stored; `triage` is the worker's, which computes the new runs' digests.
 */
export async function importFolderUnit(
  triage: LibraryTriage,
  unit: ImportUnit<Blob>,
  onProgress?: (read: number, total: number) => void,
  onDuplicate?: AskDuplicate,
  { database = db }: DatabaseOption = {},
): Promise<UnitImportOutcome> {
  const progress = throttled(onProgress);
  // A single file is hashed as the parse reads it (as importFile does), not read a second time.
  let parsedHash: string | undefined;
  const ctx = { ...ENGINE_WORKER_READING, onProgress: progress, onContentHash: (h: string) => (parsedHash = h) };
  const sources: ImportUnit<ReturnType<typeof sourceFromBlob>> =
    unit.kind === 'file'
      ? { ...unit, file: sourceFromBlob(unit.path, unit.file, ctx) }
      : {
          ...unit,
          files: unit.files.map((f) => ({ ...f, file: sourceFromBlob(f.path, f.file, ENGINE_WORKER_READING) })),
        };
  const outcome = await importUnit(sources, ctx);
  progress(unit.size, unit.size);
  if (outcome.status === 'failed') return { status: 'failed', message: outcome.error.message.split('\n')[0] };
  if (outcome.status === 'skipped') return outcome;
  try {
    const blobs = unit.kind === 'file' ? [unit.file] : unit.files.map((f) => f.file);
    const contentHash =
      (unit.kind === 'file' ? parsedHash : undefined) ?? (await hashBlobs(blobs, ENGINE_WORKER_READING.sliceReaders));
    // Checked and stored under the bytes' lock: another folder with the same file is asked after.
    return await holdWhileChecking(contentHash, async (): Promise<UnitImportOutcome> => {
      const save = await duplicateCheck(contentHash, unit.path, onDuplicate, database);
      if (save === 'skip') return { status: 'duplicate' };
      return { status: 'imported', summary: await storeResult(triage, unit.path, outcome.result, save, database) };
    });
  } catch (e) {
    return { status: 'failed', message: `${unit.path}: could not be stored (${(e as Error).message})` };
  }
}
