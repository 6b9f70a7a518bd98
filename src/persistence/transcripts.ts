import { callCount, formatWarning, type Transcript } from '../model/transcript';
import { normalizeTranscript } from '../model/normalize';
import type { ImportResult } from '../import/types';
import { chunkTurns } from './chunking';
import { db, transcriptTables, type LoopscopeDb, type TranscriptBody, type TranscriptMeta, type TurnChunk } from './db';
import { noteStored } from './hash-index';

/**
 * Stores every transcript of one imported file in one transaction: either all of them are kept
 * or none, and nothing already stored is touched.
 */
export interface SaveOptions {
  sample?: boolean;
  contentHash?: string;
  /** Transcripts this import replaces: deleted in the same transaction. */
  replace?: number[];
}

export async function saveImport(
  fileName: string,
  result: ImportResult,
  opts: SaveOptions = {},
  database: LoopscopeDb = db,
): Promise<number[]> {
  const warnings = result.warnings.map(formatWarning);
  const tables = transcriptTables(database);
  const stored: TranscriptMeta[] = [];
  const ids = await database.transaction('rw', tables, async () => {
    for (const id of opts.replace ?? []) await deleteTranscript(id, database);
    const ids: number[] = [];
    for (const [i, t] of result.transcripts.entries()) {
      const { chunks, warnings: cut } = chunkTurns(t.turns);
      const meta = libraryRow(t, result.format, fileName, warnings, cut, opts, i + 1);
      const id = await addRow(meta, t, chunks.length, database);
      for (let n = 0; n < chunks.length; n++) await database.turnChunks.add({ id, n, turns: chunks[n] });
      ids.push(id);
      stored.push({ ...(meta as TranscriptMeta), id });
    }
    return ids;
  });
  noteStored(database, stored, opts.replace ?? []);
  return ids;
}

/**
 * The library row of one transcript of an import, without its id: `warnings` are the file's,
 * `cut` the turns storing had to cut (chunking.ts), `position` which of the file's transcripts it is.
 */
export function libraryRow(
  t: Transcript,
  format: string,
  fileName: string,
  warnings: string[],
  cut: readonly string[],
  opts: SaveOptions,
  position: number,
): Omit<TranscriptMeta, 'id'> {
  return {
    title: t.title,
    positionInFile: position,
    format,
    fileName,
    turns: t.turns.length,
    calls: callCount(t),
    importedAt: Date.now(),
    warnings: cut.length ? [...warnings, ...cut.map((w) => `${fileName}: ${w}`)] : warnings,
    ...(opts.sample ? { sample: true } : {}),
    ...(opts.contentHash ? { contentHash: opts.contentHash } : {}),
  };
}

/** Adds a library row and its envelope (the transcript without turns); inside the caller's transaction. */
export async function addRow(
  meta: Omit<TranscriptMeta, 'id'>,
  t: Transcript,
  chunks: number,
  database: LoopscopeDb,
): Promise<number> {
  const id = (await database.transcripts.add(meta as TranscriptMeta)) as number;
  await database.bodies.add({ id, transcript: { ...t, turns: [] }, chunks });
  return id;
}

export async function loadTranscript(id: number, database: LoopscopeDb = db): Promise<Transcript | undefined> {
  return database.transaction('r', database.bodies, database.turnChunks, async () => {
    const body = await database.bodies.get(id);
    if (!body) return undefined;
    const chunks =
      body.chunks !== undefined
        ? await database.turnChunks.where('[id+n]').between([id, 0], [id, body.chunks]).toArray()
        : [];
    return assemble(body, chunks);
  });
}

/** A stored body and its turn chunks (in order) as one transcript. */
function assemble(body: TranscriptBody, chunks: readonly TurnChunk[]): Transcript {
  // Old or partial records come back in the current shape: the envelope goes through the one
  // normaliser (cheap: no turns); the turns were normalised when they were imported.
  const stored = (body.transcript ?? {}) as Partial<Transcript>;
  const envelope = normalizeTranscript({ ...stored, format: stored.format ?? 'unknown', turns: [] });
  const turns = Array.isArray(stored.turns) ? stored.turns.slice() : [];
  for (const c of chunks) if (Array.isArray(c.turns)) for (const turn of c.turns) turns.push(turn);
  return { ...envelope, turns };
}

/**
 * Several stored transcripts in one read transaction (library triage reads a batch of runs: one
 * transaction instead of one per run). Undefined for an id not stored.
 */
export async function loadTranscripts(
  ids: readonly number[],
  database: LoopscopeDb = db,
): Promise<(Transcript | undefined)[]> {
  return database.transaction('r', database.bodies, database.turnChunks, async () => {
    const bodies = await database.bodies.bulkGet([...ids]);
    // The chunks by their exact keys: plain gets, where an index walk over the ids (a cursor)
    // would cost a round trip per record.
    const keys: [number, number][] = [];
    for (const body of bodies) for (let n = 0; n < (body?.chunks ?? 0); n++) keys.push([body!.id, n]);
    const chunks = await database.turnChunks.bulkGet(keys);
    const byId = new Map<number, TurnChunk[]>();
    for (const c of chunks) {
      if (!c) continue;
      const list = byId.get(c.id);
      if (list) list.push(c);
      else byId.set(c.id, [c]);
    }
    // bulkGet keeps the order asked: each run's chunks are in order.
    return bodies.map((body) => (body ? assemble(body, byId.get(body.id) ?? []) : undefined));
  });
}

export async function deleteTranscript(id: number, database: LoopscopeDb = db): Promise<void> {
  await database.transaction('rw', transcriptTables(database), async () => {
    await database.transcripts.delete(id);
    await database.bodies.delete(id);
    await database.turnChunks.where('id').equals(id).delete();
    await database.fingerprints.where('id').equals(id).delete();
    await database.triage.where('id').equals(id).delete();
    await database.labels.delete(id);
  });
}
