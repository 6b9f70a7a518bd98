/**
 * The worker's import writes in stages so a transcript can be opened before all its turns are
 * stored: `beginImport` adds the library rows and bodies in one transaction (marked `storing`,
 * and with the file's content hash when it is known, so an import of the same bytes meanwhile is
 * asked about: hash-index.ts), `writeChunks` adds the turns in chunks bounded by size, each in its
 * own short transaction, and `finishImport` clears the mark. A failure, or a tab closed midway,
 * leaves rows still marked: `abandonImport` (or the next open, see store-lock.ts) deletes them, so
 * what the library keeps is all of an import or none of it, as with the single transaction of
 * `saveImport`. A storing run may be deleted meanwhile (Delete, or another import's Replace): its
 * writes stop there, and neither finishing nor abandoning brings any of it back.
 */
import type { ImportResult } from '../import/types';
import { formatWarning, type Transcript, type Turn } from '../model/transcript';
import { chunkTurns, CHUNK_MAX_TURNS, STREAM_CHUNK_CHARS, type ChunkBounds } from './chunking';
import { db, transcriptTables, type LoopscopeDb, type TranscriptMeta } from './db';
import { noteStored } from './hash-index';
import { addRow, deleteTranscript, libraryRow, type SaveOptions } from './transcripts';

export const STREAM_BOUNDS: ChunkBounds = { maxTurns: CHUNK_MAX_TURNS, maxChars: STREAM_CHUNK_CHARS };

/** One transcript whose row is stored and whose turns are to be written. */
export interface StagedTranscript {
  id: number;
  meta: TranscriptMeta;
  /** The transcript as stored: a turn too big for one record is cut here too. */
  transcript: Transcript;
  chunks: Turn[][];
}

/** Adds the rows (marked with `token`) and bodies of every transcript of one file, in one transaction. */
export async function beginImport(
  fileName: string,
  result: ImportResult,
  token: string,
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
  bounds: ChunkBounds = STREAM_BOUNDS,
): Promise<StagedTranscript[]> {
  const warnings = result.warnings.map(formatWarning);
  const prepared = result.transcripts.map((t) => ({ t, ...chunkTurns(t.turns, bounds) }));
  const tables = transcriptTables(database);
  const staged = await database.transaction('rw', tables, async () => {
    for (const id of opts.replace ?? []) await deleteTranscript(id, database);
    const staged: StagedTranscript[] = [];
    for (const [i, { t, chunks, warnings: cut }] of prepared.entries()) {
      const meta = { ...libraryRow(t, result.format, fileName, warnings, cut, opts, i + 1), storing: token };
      const id = await addRow(meta, t, chunks.length, database);
      const transcript = cut.length ? { ...t, turns: chunks.flat() } : t;
      staged.push({ id, meta: { ...meta, id }, transcript, chunks });
    }
    return staged;
  });
  noteStored(
    database,
    staged.map((s) => s.meta),
    opts.replace ?? [],
  );
  return staged;
}

/**
 * Writes the turns, a chunk a transaction; `pause` runs between chunks (the worker answers replays
 * there). A transcript deleted meanwhile gets no more chunks: the check and the write are one
 * transaction, so no chunk outlives the delete (which takes the chunks written before it).
 * Settles with the ids of the transcripts found deleted.
 */
export async function writeChunks(
  staged: readonly StagedTranscript[],
  database: LoopscopeDb = db,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<number[]> {
  const deleted: number[] = [];
  for (const s of staged)
    for (let n = 0; n < s.chunks.length; n++) {
      const written = await database.transaction('rw', database.bodies, database.turnChunks, async () => {
        // The body, not the library row: turn reads take these two tables anyway.
        if ((await database.bodies.where(':id').equals(s.id).count()) === 0) return false;
        await database.turnChunks.add({ id: s.id, n, turns: s.chunks[n] });
        return true;
      });
      if (!written) {
        deleted.push(s.id);
        break;
      }
      await pause();
    }
  return deleted;
}

/**
 * Clears the `storing` mark (and adds the content hash when it was computed last, the file not
 * having been hashed by its parse). A row deleted meanwhile stays deleted (update adds nothing).
 */
export async function finishImport(
  staged: readonly StagedTranscript[],
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
): Promise<void> {
  const hashed = opts.contentHash ? { contentHash: opts.contentHash } : {};
  const finished = await database.transaction('rw', database.transcripts, async () => {
    const kept: StagedTranscript[] = [];
    for (const s of staged)
      if (await database.transcripts.update(s.id, { storing: undefined, ...hashed })) kept.push(s);
    return kept;
  });
  // A hash added now: the index has these rows without it.
  const late = finished.filter((s) => opts.contentHash && s.meta.contentHash !== opts.contentHash);
  if (late.length)
    noteStored(
      database,
      late.map((s) => ({ ...s.meta, storing: undefined, ...hashed })),
      late.map((s) => s.id),
    );
}

/** Deletes what an import that failed midway stored, and forgets its content hash. */
export async function abandonImport(ids: readonly number[], database: LoopscopeDb = db): Promise<void> {
  for (const id of ids) await deleteTranscript(id, database);
  noteStored(database, [], ids);
}

/** The name of the error opening a run whose import was left unfinished (it is deleted then). */
export const INTERRUPTED_IMPORT = 'InterruptedImport';

/** What the user is told of a run whose import the page left unfinished. */
export function interruptedMessage(fileName: string, title: string): string {
  return (
    `${fileName}: the page was closed or reloaded while “${title}” was still being stored, so it was not ` +
    'kept (the library keeps all of an import or none of it); import the file again'
  );
}

/** A run whose import was left unfinished, as the library tells the user it is gone. */
export interface InterruptedImport {
  id: number;
  fileName: string;
  title: string;
}

/**
 * Deletes run `id` if its row still carries the `storing` mark `token` (its import is gone), in
 * one transaction: a run whose import finished meanwhile stays. Whether it was deleted.
 */
export async function deleteIfStillMarked(id: number, token: string, database: LoopscopeDb = db): Promise<boolean> {
  return database.transaction('rw', transcriptTables(database), async () => {
    if ((await database.transcripts.get(id))?.storing !== token) return false;
    await deleteTranscript(id, database);
    return true;
  });
}

/** The library rows still marked `storing` (their import is writing, or was left unfinished). */
export async function markedRows(database: LoopscopeDb = db): Promise<TranscriptMeta[]> {
  return database.transcripts.filter((m) => m.storing !== undefined).toArray();
}

/**
 * Deletes each of `rows` whose row still carries the mark read (one finished meanwhile stays), and
 * forgets the content hashes of those deleted. Which ones were.
 */
export async function deleteStillMarked(
  rows: readonly TranscriptMeta[],
  database: LoopscopeDb = db,
): Promise<TranscriptMeta[]> {
  const gone: TranscriptMeta[] = [];
  for (const m of rows) if (m.storing && (await deleteIfStillMarked(m.id, m.storing, database))) gone.push(m);
  if (gone.length)
    noteStored(
      database,
      [],
      gone.map((g) => g.id),
    );
  return gone;
}
