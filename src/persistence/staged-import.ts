/**
 * The worker's import writes in stages so a transcript can be opened before all its turns are
 * stored: `beginImport` adds the library rows and bodies in one transaction (marked `storing`),
 * `writeChunks` adds the turns in chunks bounded by size, each in its own short transaction, and
 * `finishImport` clears the mark. A failure, or a tab closed midway, leaves rows still marked:
 * `abandonImport` (or the next open, see store-lock.ts) deletes them, so what the library keeps
 * is all of an import or none of it, as with the single transaction of `saveImport`.
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
  return database.transaction('rw', tables, async () => {
    for (const id of opts.replace ?? []) await deleteTranscript(id, database);
    const staged: StagedTranscript[] = [];
    for (const { t, chunks, warnings: cut } of prepared) {
      const meta = { ...libraryRow(t, result.format, fileName, warnings, cut, opts), storing: token };
      const id = await addRow(meta, t, chunks.length, database);
      const transcript = cut.length ? { ...t, turns: chunks.flat() } : t;
      staged.push({ id, meta: { ...meta, id }, transcript, chunks });
    }
    return staged;
  });
}

/** Writes the turns, a chunk a transaction; `pause` runs between chunks (the worker answers replays there). */
export async function writeChunks(
  staged: readonly StagedTranscript[],
  database: LoopscopeDb = db,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (const s of staged)
    for (let n = 0; n < s.chunks.length; n++) {
      await database.turnChunks.add({ id: s.id, n, turns: s.chunks[n] });
      await pause();
    }
}

/** Clears the `storing` mark (and adds the content hash when it was computed last). */
export async function finishImport(
  staged: readonly StagedTranscript[],
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
): Promise<void> {
  await database.transaction('rw', database.transcripts, async () => {
    for (const s of staged)
      await database.transcripts.update(s.id, {
        storing: undefined,
        ...(opts.contentHash ? { contentHash: opts.contentHash } : {}),
      });
  });
  const rows = staged.map((s) => ({
    ...s.meta,
    storing: undefined,
    ...(opts.contentHash ? { contentHash: opts.contentHash } : {}),
  }));
  noteStored(database, rows, opts.replace ?? []);
}

/** Deletes what an import that failed midway stored. */
export async function abandonImport(ids: readonly number[], database: LoopscopeDb = db): Promise<void> {
  for (const id of ids) await deleteTranscript(id, database);
}
