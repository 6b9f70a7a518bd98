/**
 * Import as the worker runs it: parse, then store in IndexedDB from the worker itself, so the
 * transcripts never cross to the page. The page gets ids, a summary and warnings. Each file (or
 * session folder) is stored in one transaction: a failure, or Cancel terminating the worker
 * before it commits, stores nothing of it. Errors are returned as data (Comlink would strip an
 * Error's class) and progress is throttled to whole percents so the page is not flooded.
 */
import { hashBlobs } from '../import/content-hash';
import { importSource, ImportError } from '../import/index';
import type { ImportUnit } from '../import/folder';
import { importUnit } from '../import/folder-import';
import type { ImportResult } from '../import/types';
import { sourceFromBlob } from '../import/source';
import type { ImportLimits } from '../model/limits';
import { formatWarning } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { findByContentHash } from '../persistence/hash-index';
import { saveImport, type SaveOptions } from '../persistence/transcripts';

/** What the page learns of a stored import: never the transcripts themselves. */
export interface ImportSummary {
  ids: number[];
  format: string;
  transcripts: number;
  turns: number;
  /** `FILE:LINE: reason` lines. */
  warnings: string[];
}

export type ImportOutcome =
  | { ok: true; summary: ImportSummary }
  /** `skipped`: the file was already in the library and the user chose not to import it again. */
  | { ok: false; error: { file: string; line?: number; reason: string; message: string }; skipped?: true };

/** Transcripts already stored from a file with the same bytes. */
export interface DuplicateInfo {
  file: string;
  existing: { id: number; title: string; fileName: string }[];
  /** Asked within a folder import: the answer holds for every later file of it. */
  folder?: boolean;
}

/** What to do with a file already in the library: replace the stored copy, keep both, or skip it. */
export type DuplicateChoice = 'replace' | 'keep' | 'skip';

/** Asked when the file is already in the library; without one, both copies are kept. */
export type AskDuplicate = (info: DuplicateInfo) => DuplicateChoice | Promise<DuplicateChoice>;

export interface ImportOptions {
  formatId?: string;
  /** Marks the stored transcripts as bundled samples. */
  sample?: boolean;
  /** Limits other than src/model/limits.ts's defaults (tests; the app has no way to raise them). */
  limits?: Partial<ImportLimits>;
}

function throttled(onProgress?: (read: number, total: number) => void) {
  let lastPct = -1;
  return (read: number, total: number) => {
    const pct = total ? Math.floor((read / total) * 100) : 100;
    if (pct === lastPct) return;
    lastPct = pct;
    onProgress?.(read, total);
  };
}

/** Stores one parsed file or folder in one transaction and sums it up for the page. */
export async function storeResult(
  fileName: string,
  result: ImportResult,
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
): Promise<ImportSummary> {
  const ids = await saveImport(fileName, result, opts, database);
  const warnings = result.warnings.map(formatWarning);
  // What storing added (a turn cut to fit one record) is said in the import's status too.
  for (const meta of await database.transcripts.bulkGet(ids))
    warnings.push(...(meta?.warnings ?? []).slice(result.warnings.length));
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

/** One unit of a folder plan (a file, or an OpenHands events folder), read from the page's Files and stored. */
export async function importFolderUnit(
  unit: ImportUnit<Blob>,
  onProgress?: (read: number, total: number) => void,
  onDuplicate?: AskDuplicate,
  database: LoopscopeDb = db,
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
  if (outcome.status === 'skipped') return outcome;
  try {
    const blobs = unit.kind === 'file' ? [unit.file] : unit.files.map((f) => f.file);
    const save = await duplicateCheck(blobs, unit.path, onDuplicate, database);
    if (save === 'skip') return { status: 'duplicate' };
    return { status: 'imported', summary: await storeResult(unit.path, outcome.result, save, database) };
  } catch (e) {
    return { status: 'failed', message: `${unit.path}: could not be stored (${(e as Error).message})` };
  }
}

/**
 * One file: parsed, then stored. `onStoring` is called when parsing is over and the single
 * write transaction begins.
 */
export async function importFile(
  file: Blob,
  name: string,
  opts: ImportOptions = {},
  onProgress?: (read: number, total: number) => void,
  onStoring?: () => void,
  onDuplicate?: AskDuplicate,
  database: LoopscopeDb = db,
): Promise<ImportOutcome> {
  const progress = throttled(onProgress);
  let result: ImportResult;
  try {
    const ctx = { onProgress: progress, limits: opts.limits };
    result = await importSource(sourceFromBlob(name, file, ctx), ctx, opts.formatId);
    progress(file.size, file.size);
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
  onStoring?.();
  try {
    const save = await duplicateCheck([file], name, onDuplicate, database);
    if (save === 'skip') {
      const reason = 'already in the library; not imported again';
      return { ok: false, skipped: true, error: { file: name, reason, message: `${name}: ${reason}` } };
    }
    return { ok: true, summary: await storeResult(name, result, { ...save, sample: opts.sample }, database) };
  } catch (e) {
    const reason = `could not be stored (${(e as Error).message})`;
    return { ok: false, error: { file: name, reason, message: `${name}: ${reason}` } };
  }
}

/**
 * Hashes the file, or a session folder's files in order (a second read, after parsing: cheap
 * next to the parse) and, when the same
 * bytes are already stored, asks what to do. The answer becomes the store's options.
 */
async function duplicateCheck(
  files: readonly Blob[],
  name: string,
  ask: AskDuplicate | undefined,
  database: LoopscopeDb,
): Promise<SaveOptions | 'skip'> {
  const contentHash = await hashBlobs(files);
  if (!ask) return { contentHash };
  const existing = await findByContentHash(contentHash, database);
  if (existing.length === 0) return { contentHash };
  const choice = await ask({ file: name, existing });
  if (choice === 'skip') return 'skip';
  return choice === 'replace' ? { contentHash, replace: existing.map((e) => e.id) } : { contentHash };
}
