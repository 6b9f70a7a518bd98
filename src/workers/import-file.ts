/**
 * One file as the worker imports it: parsed, its library rows stored (after the duplicate check),
 * answered, then its turns written in chunks (src/persistence/staged-import.ts), so the
 * transcripts never cross to the page: it gets ids, a summary and warnings. A failure while
 * storing deletes what was stored; Cancel terminates the worker while it parses. Errors are
 * returned as data (Comlink would strip an Error's class). Each import moves through the states of
 * import-lifecycle.ts in the worker's ImportWaits, which holds its writes for the page's first
 * replay. Folder units: import-folder-unit.ts.
 */
import { hashBlobs } from '../import/content-hash';
import { importSource, ImportError } from '../import/index';
import type { ImportResult } from '../import/types';
import { sourceFromBlob } from '../import/source';
import type { DatabaseOption } from './database-option';
import { ENGINE_WORKER_READING } from './engine-worker-reading';
import type { ImportLimits } from '../model/limits';
import { formatWarning } from '../model/transcript';
import { db, type LoopscopeDb } from '../persistence/db';
import { sizeIsStored } from '../persistence/hash-index';
import {
  abandonImport,
  beginImport,
  finishImport,
  writeChunks,
  type StagedTranscript,
} from '../persistence/staged-import';
import { holdWhileChecking, holdWhileStoring, newStoreToken } from '../persistence/store-lock';
import type { SaveOptions } from '../persistence/transcripts';
import type { EngineConfig } from '../engine/config';
import { duplicateCheck, type AskDuplicate } from './duplicate-check';
import type { EngineParts } from './engine-parts';
import type { TrackedImport } from './import-waits';
import { throttled, triageLater, type ImportSummary } from './import-common';

export type { ImportSummary } from './import-common';

export type ImportOutcome =
  | { ok: true; summary: ImportSummary }
  /** `skipped`: the file was already in the library and the user chose not to import it again. */
  | { ok: false; error: { file: string; line?: number; reason: string; message: string }; skipped?: true };

export type { AskDuplicate, DuplicateChoice, DuplicateInfo } from './duplicate-check';

export interface ImportOptions {
  formatId?: string;
  /** Marks the stored transcripts as bundled samples. */
  sample?: boolean;
  /** Limits other than src/model/limits.ts's defaults (tests; the app has no way to raise them). */
  limits?: Partial<ImportLimits>;
  /** The configs the page will run first (its draft and the preset): run on the first transcript before it asks. */
  warm?: EngineConfig[];
}

/** The arguments of importFile and importAndOpen (Comlink calls them positionally). */
export type ImportArgs = [
  file: Blob,
  name: string,
  opts?: ImportOptions,
  onProgress?: (read: number, total: number) => void,
  onStoring?: () => void,
  onDuplicate?: AskDuplicate,
  options?: DatabaseOption,
];

/**
 * One file: parsed, then stored, and settled once every turn is stored (samples, tests).
 * `onStoring` is called when parsing is over and writing begins.
 */
export async function importFile(parts: EngineParts, ...args: ImportArgs): Promise<ImportOutcome> {
  const started = await startImport(parts, args, false);
  if (!started.ok) return started;
  const failed = await started.stored;
  // Only the summary crosses to the page (the promise could not be cloned).
  if (failed === null) return { ok: true, summary: started.summary };
  const name = args[1];
  return { ok: false, error: { file: name, reason: failed, message: `${name}: ${failed}` } };
}

/**
 * One file: parsed, its library rows stored, and answered then, while its turns are still being
 * written (`storingDone` settles when they are). The parsed transcripts stay in this worker, so
 * the page opens them here without reading back what was just written.
 */
export async function importAndOpen(parts: EngineParts, ...args: ImportArgs): Promise<ImportOutcome> {
  const started = await startImport(parts, args, true);
  return started.ok ? { ok: true, summary: started.summary } : started;
}

/** Settles when the last import's turns are all stored: null, or why they could not be (nothing of it is kept then). */
export function storingDone({ waits }: EngineParts): Promise<string | null> {
  return waits.lastImportStored;
}

/** Writes now whatever waits for a first replay and settles as storingDone (a worker being retired). */
export function finishStoring({ waits }: EngineParts): Promise<string | null> {
  waits.releaseAll();
  return waits.lastImportStored;
}

async function startImport(
  parts: EngineParts,
  [file, name, opts = {}, onProgress, onStoring, onDuplicate, { database = db } = {}]: ImportArgs,
  keepOpen: boolean,
): Promise<
  Extract<ImportOutcome, { ok: false }> | { ok: true; summary: ImportSummary; stored: Promise<string | null> }
> {
  const progress = throttled(onProgress);
  const imp = parts.waits.begin(name);
  let result: ImportResult;
  let contentHash: string | undefined;
  try {
    const ctx = {
      ...ENGINE_WORKER_READING,
      onProgress: progress,
      limits: opts.limits,
      onContentHash: (h: string) => (contentHash = h),
    };
    result = await importSource(sourceFromBlob(name, file, ctx), ctx, opts.formatId);
    progress(file.size, file.size);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    parts.waits.send(imp, {
      type: 'failed',
      reason: e instanceof ImportError ? e.reason : `could not be read: ${msg}`,
    });
    if (e instanceof ImportError)
      return { ok: false, error: { file: e.file, line: e.line, reason: e.reason, message: e.message } };
    // Anything else is a bug in an importer; still name the file rather than show a stack trace.
    return {
      ok: false,
      error: { file: name, reason: `could not be read: ${msg}`, message: `${name}: could not be read: ${msg}` },
    };
  }
  parts.waits.send(imp, { type: 'parsed' });
  onStoring?.();
  const stage = await stageFile(
    { file, name, result, opts, onDuplicate, database, parts, imp, hold: keepOpen },
    contentHash,
  );
  if ('error' in stage) return { ok: false, ...stage };
  const warnings = result.warnings.map(formatWarning);
  // What storing added (a turn cut to fit one record) is said in the import's status too.
  for (const s of stage.staged) warnings.push(...s.meta.warnings.slice(result.warnings.length));
  if (keepOpen) {
    for (const s of stage.staged) parts.sessions.holdImported(s.id, s.transcript, s.meta.importedAt);
    // The page opens a file of one transcript at once: warmed after this answer is posted, while
    // the page renders, its first replay is then cached.
    const [only] = stage.staged;
    if (opts.warm?.length && stage.staged.length === 1)
      setTimeout(() => void parts.sessions.warmSession(only.id, opts.warm!, database).catch(() => undefined), 0);
  }
  return {
    ok: true,
    stored: stage.stored,
    summary: {
      ids: stage.staged.map((s) => s.id),
      format: result.format,
      transcripts: result.transcripts.length,
      turns: result.transcripts.reduce((n, t) => n + t.turns.length, 0),
      warnings,
    },
  };
}

/**
 * Asks about a duplicate when one may be stored or storing, adds the library rows, then writes the
 * turns in the background under the import's lock (store-lock.ts). The file's hash comes from the
 * parse, which hashed the bytes it read: the rows carry it from the start, and the check and the
 * rows are done under the hash's lock, so the same bytes imported meanwhile (another drop) wait
 * for these rows and are asked about them. A file the parse could not hash (it changed on disk)
 * is hashed here only when something of its size is stored, else after the writes.
 */
async function stageFile(
  args: StageArgs,
  /** The file's hash when the parse computed it on the way. */
  parsedHash?: string,
): Promise<StageOutcome> {
  const { file, onDuplicate, database } = args;
  let contentHash = parsedHash;
  try {
    if (!contentHash && onDuplicate && (await sizeIsStored(file.size, database)))
      contentHash = await hashBlobs([file], ENGINE_WORKER_READING.sliceReaders);
  } catch (e) {
    return stageFailed(args, notStored(e));
  }
  const stage = () => checkAndBegin(args, contentHash);
  return contentHash ? holdWhileChecking(contentHash, stage) : stage();
}

/** What stageFile and checkAndBegin work on: the file, its parse, and where and how to store it. */
interface StageArgs {
  file: Blob;
  name: string;
  result: ImportResult;
  opts: ImportOptions;
  onDuplicate: AskDuplicate | undefined;
  database: LoopscopeDb;
  parts: EngineParts;
  /** This import in the worker's ImportWaits. */
  imp: TrackedImport;
  /** The page opens it at once: its turn writes wait for its first replay. */
  hold: boolean;
}

type StageOutcome =
  | { staged: StagedTranscript[]; stored: Promise<string | null> }
  | { error: { file: string; reason: string; message: string }; skipped?: true };

const stageFailure = (name: string, reason: string) => ({
  error: { file: name, reason, message: `${name}: ${reason}` },
});

const notStored = (e: unknown) => `could not be stored (${(e as Error).message})`;

/** A failure before any turn is written: the import's waits learn it, and the page gets the reason. */
function stageFailed({ parts, imp, name }: StageArgs, reason: string) {
  parts.waits.send(imp, { type: 'failed', reason });
  return stageFailure(name, reason);
}

/** stageFile once it holds the hash's lock: settles when the rows are added (the turns come after). */
async function checkAndBegin(args: StageArgs, knownHash: string | undefined): Promise<StageOutcome> {
  const { file, name, result, opts, onDuplicate, database, parts, imp, hold } = args;
  const { waits } = parts;
  let save: SaveOptions = knownHash ? { contentHash: knownHash } : {};
  try {
    if (knownHash && onDuplicate && (await sizeIsStored(file.size, database))) {
      const checked = await duplicateCheck(knownHash, name, onDuplicate, database);
      if (checked === 'skip') {
        waits.send(imp, { type: 'duplicateSkipped' });
        return { ...stageFailure(name, 'already in the library; not imported again'), skipped: true };
      }
      save = checked;
    }
  } catch (e) {
    return stageFailed(args, notStored(e));
  }
  const token = newStoreToken();
  let begun!: (s: StagedTranscript[] | Error) => void;
  const staging = new Promise<StagedTranscript[] | Error>((resolve) => (begun = resolve));
  const stored = holdWhileStoring(token, async () => {
    let staged: StagedTranscript[];
    try {
      staged = await beginImport(name, result, token, { ...save, sample: opts.sample }, database);
    } catch (e) {
      begun(e as Error);
      return;
    }
    waits.send(imp, { type: 'rowsAdded', ids: staged.map((s) => s.id), hold });
    begun(staged);
    try {
      await waits.waitForFirstReplay(imp);
      const deleted = await writeChunks(staged, database, () => waits.quietWhileTuning());
      // Every run deleted by the user meanwhile: nothing is left to finish.
      if (deleted.length && waits.send(imp, { type: 'runsDeleted', ids: deleted }).kind === 'cancelled') return;
      // The file may be gone by now (deleted or moved on disk): the import stands without a hash,
      // only a later import of the same bytes will not be noticed as one.
      const contentHash =
        save.contentHash ?? (await hashBlobs([file], ENGINE_WORKER_READING.sliceReaders).catch(() => undefined));
      await finishImport(staged, { ...save, contentHash }, database);
      waits.send(imp, { type: 'turnsWritten' });
    } catch (e) {
      await abandonImport(
        staged.map((s) => s.id),
        database,
      ).catch(() => undefined);
      waits.send(imp, { type: 'failed', reason: notStored(e) });
      throw e;
    }
  }).then(
    () => null,
    (e: unknown) => {
      begun(e as Error); // a lock that could not be taken: nothing was begun
      return notStored(e);
    },
  );
  waits.lastImportStored = stored;
  const staged = await staging;
  if (staged instanceof Error) return stageFailed(args, notStored(staged));
  // A file opened at once has its own replay to come first; the library reads it when it asks.
  if (!hold)
    triageLater(
      parts.triage,
      staged.map((s) => ({ id: s.id, importedAt: s.meta.importedAt, transcript: s.transcript })),
      database,
    );
  return { staged, stored };
}
