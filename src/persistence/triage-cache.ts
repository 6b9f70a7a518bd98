/**
 * Triage digests kept in IndexedDB (the `triage` table), so a library opened again, in a new tab
 * or after a reload, shows a config's figures from one table read instead of reading and replaying
 * every run's turns. Keyed by a hash of the config key (settings + engine versions, see
 * src/workers/triage.ts) and the run's id; a record of another import of the run is ignored.
 * Only the KEEP_CONFIGS configs used last are kept.
 */
import type { ReplayDigest } from '../engine/run-summary';
import { db, type LoopscopeDb, type TriageRecord } from './db';

export const KEEP_CONFIGS = 8;
const USED_KEY = 'triageConfigsUsed';

/** A short, stable name for a long config key (cyrb53: two 32-bit lanes, plus the length). */
export function hashConfigKey(key: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(36)}.${(h1 >>> 0).toString(36)}.${key.length.toString(36)}`;
}

/** The stored digests of `runs` under `config` (a hash), by id; runs imported again since are left out. */
export async function loadDigests(
  config: string,
  runs: readonly { id: number; importedAt: number }[],
  database: LoopscopeDb = db,
): Promise<Map<number, ReplayDigest>> {
  const out = new Map<number, ReplayDigest>();
  if (runs.length === 0) return out;
  const found = await database.triage.bulkGet(runs.map((r) => [config, r.id] as [string, number]));
  runs.forEach((r, i) => {
    const rec = found[i];
    if (rec && rec.importedAt === r.importedAt) out.set(r.id, rec.digest);
  });
  return out;
}

/** Stores digests under `config`; the first write under a config not among the last KEEP_CONFIGS drops the oldest. */
export async function saveDigests(
  config: string,
  records: readonly Omit<TriageRecord, 'config'>[],
  database: LoopscopeDb = db,
): Promise<void> {
  if (records.length === 0) return;
  // Not for runs deleted meanwhile. Read apart from the write: a write transaction over the
  // library rows would hold up the reads of the triage batches behind this one. (A run deleted
  // between the two leaves a record no run will match; it goes with its config.)
  const live = await database.transcripts.bulkGet(records.map((r) => r.id));
  const kept = records.filter((r, i) => live[i]?.importedAt === r.importedAt);
  await database.transaction('rw', database.triage, database.meta, async () => {
    await database.triage.bulkPut(kept.map((r) => ({ ...r, config })));
    const used = ((await database.meta.get(USED_KEY))?.value as string[] | undefined) ?? [];
    if (used[0] === config) return;
    const next = [config, ...used.filter((c) => c !== config)];
    for (const old of next.splice(KEEP_CONFIGS)) await database.triage.where('config').equals(old).delete();
    await database.meta.put({ key: USED_KEY, value: next });
  });
}
