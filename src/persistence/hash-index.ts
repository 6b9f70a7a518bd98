/**
 * Which stored transcripts came from which file bytes (TranscriptMeta.contentHash), kept in memory
 * for the import worker: a folder of 1,000 files looks each one up without reading every library
 * row 1,000 times. Rows still storing carry their hash from the start (staged-import.ts), so an
 * import of the same bytes meanwhile is noticed too. The index is rebuilt when the row count or
 * the newest id says someone else changed the library; what it finds is read again from the rows.
 */
import type { LoopscopeDb, TranscriptMeta } from './db';
import { liveStoringTokens } from './store-lock';

export type StoredCopy = Pick<TranscriptMeta, 'id' | 'title' | 'fileName'>;

interface HashIndex {
  count: number;
  /** The newest row's id: ids are never reused, so a row added elsewhere changes it. */
  lastId: number;
  byHash: Map<string, StoredCopy[]>;
}

const indexes = new WeakMap<LoopscopeDb, HashIndex>();

function add(byHash: Map<string, StoredCopy[]>, m: TranscriptMeta): void {
  if (!m.contentHash) return;
  const copy = { id: m.id, title: m.title, fileName: m.fileName };
  const list = byHash.get(m.contentHash);
  if (list) list.push(copy);
  else byHash.set(m.contentHash, [copy]);
}

/**
 * What is stored, or being stored, from a file with this content hash (one file may hold several
 * transcripts). Not a row deleted meanwhile, nor one whose import is gone (a tab closed while it
 * stored: the run never landed).
 */
export async function findByContentHash(hash: string, database: LoopscopeDb): Promise<StoredCopy[]> {
  return (await rowsByContentHash(hash, database)).map((m) => ({ id: m.id, title: m.title, fileName: m.fileName }));
}

/** The library rows of findByContentHash, whole (a caller that needs more of them reads them once). */
export async function rowsByContentHash(hash: string, database: LoopscopeDb): Promise<TranscriptMeta[]> {
  const copies = (await built(database)).byHash.get(hash) ?? [];
  if (copies.length === 0) return [];
  // The live imports first: one that finishes between the two reads has cleared its rows' mark.
  const live = await liveStoringTokens();
  const rows = await database.transcripts.bulkGet(copies.map((c) => c.id));
  return rows.flatMap((m) => (m && m.contentHash === hash && (!m.storing || live.has(m.storing)) ? [m] : []));
}

/**
 * Whether anything stored or storing came from a file of `bytes` bytes (the hash ends with the
 * length): when not, a new file cannot be a duplicate. A false yes only costs a lookup.
 */
export async function sizeIsStored(bytes: number, database: LoopscopeDb): Promise<boolean> {
  const suffix = `-${bytes}`;
  for (const hash of (await built(database)).byHash.keys()) if (hash.endsWith(suffix)) return true;
  return false;
}

async function built(database: LoopscopeDb): Promise<HashIndex> {
  const [count, last] = await Promise.all([
    database.transcripts.count(),
    database.transcripts.toCollection().lastKey() as Promise<number | undefined>,
  ]);
  const lastId = last ?? 0;
  let index = indexes.get(database);
  if (!index || index.count !== count || index.lastId !== lastId) {
    const byHash = new Map<string, StoredCopy[]>();
    await database.transcripts.each((m) => add(byHash, m));
    index = { count, lastId, byHash };
    indexes.set(database, index);
  }
  return index;
}

/**
 * Keeps a built index in step with a write of this worker: rows added (or given their hash:
 * noted as removed and added again), rows deleted.
 */
export function noteStored(database: LoopscopeDb, added: TranscriptMeta[], removed: readonly number[]): void {
  const index = indexes.get(database);
  if (!index) return;
  if (removed.length) {
    const gone = new Set(removed);
    for (const [hash, list] of index.byHash) {
      const kept = list.filter((c) => !gone.has(c.id));
      if (kept.length === 0) index.byHash.delete(hash);
      else if (kept.length !== list.length) index.byHash.set(hash, kept);
    }
  }
  for (const m of added) {
    add(index.byHash, m);
    index.lastId = Math.max(index.lastId, m.id);
  }
  index.count += added.length - removed.length;
}
