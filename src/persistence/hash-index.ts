/**
 * Which stored transcripts came from which file bytes (TranscriptMeta.contentHash), kept in memory
 * for the import worker: a folder of 1,000 files looks each one up without reading every library
 * row 1,000 times. The index is rebuilt when the row count says someone else changed the library.
 */
import type { LoopscopeDb, TranscriptMeta } from './db';

export type StoredCopy = Pick<TranscriptMeta, 'id' | 'title' | 'fileName'>;

interface HashIndex {
  count: number;
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

/** What is already stored from a file with this content hash (one file may hold several transcripts). */
export async function findByContentHash(hash: string, database: LoopscopeDb): Promise<StoredCopy[]> {
  return [...((await built(database)).byHash.get(hash) ?? [])];
}

/**
 * Whether anything stored came from a file of `bytes` bytes (the hash ends with the length): when
 * not, a new file cannot be a duplicate and its hash can wait until its turns are stored.
 */
export async function sizeIsStored(bytes: number, database: LoopscopeDb): Promise<boolean> {
  const suffix = `-${bytes}`;
  for (const hash of (await built(database)).byHash.keys()) if (hash.endsWith(suffix)) return true;
  return false;
}

async function built(database: LoopscopeDb): Promise<HashIndex> {
  const count = await database.transcripts.count();
  let index = indexes.get(database);
  if (!index || index.count !== count) {
    const byHash = new Map<string, StoredCopy[]>();
    await database.transcripts.each((m) => add(byHash, m));
    index = { count, byHash };
    indexes.set(database, index);
  }
  return index;
}

/** Keeps a built index in step with a write of this worker: rows added, rows replaced. */
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
  for (const m of added) add(index.byHash, m);
  index.count += added.length - removed.length;
}
