/**
 * The IndexedDB database. Transcript metadata and bodies live in separate tables so the library
 * list never loads turns. Durable data (labels, configs) gets real migrations; caches may be
 * dropped on a version change.
 */
import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { Label, Transcript } from '../model/transcript';
import type { ReplayDigest } from '../engine/run-summary';
import { chunkTurns } from './chunking';

export interface TranscriptMeta {
  id: number;
  title: string;
  format: string;
  fileName: string;
  turns: number;
  calls: number;
  importedAt: number;
  /** Import warnings as `FILE:LINE: reason` lines, shown beside the transcript. */
  warnings: string[];
  sample?: boolean;
  /** The imported file's content hash (src/import/content-hash.ts): the same file imported again is noticed. */
  contentHash?: string;
  /**
   * Which of its file's transcripts this is (1 = the first): a share link names a run by its
   * file's content hash and this position. Rows stored before it was kept have none.
   */
  positionInFile?: number;
  /**
   * Set while the import that added it is still writing its turns (the token of that import's
   * lock, see store-lock.ts); a row left with it by a closed tab is an interrupted import.
   */
  storing?: string;
}

/** The transcript without its turns (they live in `turnChunks`), and how many chunks it has. */
export interface TranscriptBody {
  id: number;
  transcript: Transcript;
  chunks?: number;
}

/**
 * Turns in slices: Chromium refuses an IndexedDB value over about 133 MB, and a 200 MB transcript
 * is a normal import, so no record holds a whole one.
 */
export interface TurnChunk {
  id: number;
  n: number;
  turns: Transcript['turns'];
}

/**
 * The engine's fingerprints of one transcript (a cache, see fingerprint-cache.ts): one record
 * (n = -1) with the version, the series, and the key (hash and size) of every call's exact
 * fingerprint. Older records also had chunks n >= 0 of fingerprint texts: they are not read (a
 * record without `hashes` is recomputed and replaced).
 */
export interface FingerprintRecord {
  id: number;
  n: number;
  version: number;
  series?: unknown;
  hashes?: Uint32Array<ArrayBuffer>;
  sizes?: Int32Array<ArrayBuffer>;
  /** Older records only. */
  chunks?: number;
  exact?: string[];
}

/**
 * One run's triage digest under one config (a cache, see triage-cache.ts): `config` is a hash of
 * the config's settings and the engine's versions, `importedAt` the run's, so a digest of another
 * engine, config or import of the run is never used.
 */
export interface TriageRecord {
  config: string;
  id: number;
  importedAt: number;
  digest: ReplayDigest;
}

export interface StoredLabels {
  transcriptId: number;
  labels: Label[];
}

export interface StoredConfig {
  id?: number;
  name: string;
  config: unknown;
  savedAt: number;
}

/** A judge answer by endpoint + model + prompt version + history hash (src/engine/judge/cache-key.ts). */
export interface JudgeCacheEntry {
  key: string;
  confidence: number;
  analysis: string;
  at: number;
  /** A definitive failure (a malformed answer, an unknown model) instead of an answer. */
  failed?: string;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** The first schema; kept as it was, since upgrades (and their tests) start from it. */
export const V1_STORES = {
  transcripts: '++id, title, format, importedAt',
  bodies: 'id',
  labels: 'transcriptId',
  configs: '++id, name',
  judgeCache: 'key',
  meta: 'key',
};

export class LoopscopeDb extends Dexie {
  transcripts!: EntityTable<TranscriptMeta, 'id'>;
  bodies!: EntityTable<TranscriptBody, 'id'>;
  turnChunks!: Dexie.Table<TurnChunk, [number, number]>;
  fingerprints!: Dexie.Table<FingerprintRecord, [number, number]>;
  triage!: Dexie.Table<TriageRecord, [string, number]>;
  labels!: EntityTable<StoredLabels, 'transcriptId'>;
  configs!: EntityTable<StoredConfig, 'id'>;
  judgeCache!: EntityTable<JudgeCacheEntry, 'key'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'loopscope') {
    super(name);
    this.version(1).stores(V1_STORES);
    // Version 2 moves turns out of the body records into chunks (see TurnChunk).
    this.version(2).stores({ turnChunks: '[id+n], id' }).upgrade(moveTurnsToChunks);
    // Version 3 adds the fingerprint cache (filled on the first open of each transcript).
    this.version(3).stores({ fingerprints: '[id+n], id' });
    // Version 4 adds the triage cache (a new table: nothing stored before is touched).
    this.version(4).stores({ triage: '[config+id], config, id' });
  }
}

/**
 * The v1 → v2 upgrade. It must never throw: a failed upgrade leaves the whole library unopenable.
 * A malformed body (no transcript, no turns array) is kept with no turns rather than dropped, and
 * every chunk write is awaited inside the upgrade transaction.
 */
export async function moveTurnsToChunks(tx: Transaction): Promise<void> {
  const bodies = tx.table<TranscriptBody>('bodies');
  const chunks = tx.table<TurnChunk>('turnChunks');
  const all = (await bodies.toArray()) as Partial<TranscriptBody>[];
  for (const body of all) {
    if (typeof body.id !== 'number') continue;
    const transcript = (body.transcript ?? {}) as Partial<Transcript>;
    const turns = Array.isArray(transcript.turns) ? transcript.turns : [];
    const parts = chunkTurns(turns).chunks;
    const id = body.id;
    await chunks.bulkPut(parts.map((t, n) => ({ id, n, turns: t })));
    await bodies.put({ id, transcript: { ...(transcript as Transcript), turns: [] }, chunks: parts.length });
  }
}

/** The tables a transcript's data lives in: what storing or deleting a transcript writes. */
export function transcriptTables(database: LoopscopeDb) {
  const d = database;
  return [d.transcripts, d.bodies, d.turnChunks, d.labels, d.fingerprints, d.triage];
}

export const db = new LoopscopeDb();
