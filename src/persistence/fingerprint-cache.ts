/**
 * The engine's fingerprints of a transcript, stored beside its turns so a reopen does not
 * recompute them: every call's exact fingerprint (in chunks bounded by characters, as turns are)
 * and the fingerprint series. Keyed by transcript id and tagged with the engine's
 * FINGERPRINT_VERSION: a record of another version is ignored and replaced.
 */
import type { StoredFingerprints } from '../engine/session';
import type { FingerprintSeries } from '../engine/series';
import { CHUNK_MAX_CHARS } from './chunking';
import { db, type FingerprintRecord, type LoopscopeDb } from './db';

const MAX_PER_CHUNK = 50_000;

export async function loadFingerprints(
  id: number,
  version: number,
  database: LoopscopeDb = db,
): Promise<StoredFingerprints | undefined> {
  return database.transaction('r', database.fingerprints, async () => {
    const head = await database.fingerprints.get([id, -1]);
    if (!head || head.version !== version || head.chunks === undefined || !head.series) return undefined;
    const chunks = await database.fingerprints.where('[id+n]').between([id, 0], [id, head.chunks]).toArray();
    if (chunks.length !== head.chunks || chunks.some((c) => c.version !== version)) return undefined;
    const exact: string[] = [];
    for (const c of chunks) for (const fp of c.exact ?? []) exact.push(fp);
    return { exact, series: head.series as FingerprintSeries };
  });
}

/** Replaces whatever was stored for `id` (another version, or nothing). */
export async function saveFingerprints(
  id: number,
  version: number,
  fps: StoredFingerprints,
  database: LoopscopeDb = db,
): Promise<void> {
  const chunks: FingerprintRecord[] = [];
  let exact: string[] = [];
  let chars = 0;
  for (const fp of fps.exact) {
    if (exact.length && (exact.length >= MAX_PER_CHUNK || chars + fp.length > CHUNK_MAX_CHARS)) {
      chunks.push({ id, n: chunks.length, version, exact });
      exact = [];
      chars = 0;
    }
    exact.push(fp);
    chars += fp.length;
  }
  if (exact.length) chunks.push({ id, n: chunks.length, version, exact });
  await database.transaction('rw', database.transcripts, database.fingerprints, async () => {
    // Not for a transcript deleted meanwhile.
    if (!(await database.transcripts.get(id))) return;
    await database.fingerprints.where('id').equals(id).delete();
    await database.fingerprints.bulkPut(chunks);
    await database.fingerprints.put({ id, n: -1, version, chunks: chunks.length, series: fps.series });
  });
}
