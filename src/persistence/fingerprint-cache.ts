/**
 * The engine's fingerprints of a transcript, stored beside its turns so a reopen does not
 * recompute them: the key (hash and size, call-key.ts) of every call's exact fingerprint (typed arrays, 8 bytes
 * a call: numbers, not the fingerprint texts, which a reopen never needs) and the fingerprint
 * series. Keyed by transcript id and tagged with the engine's FINGERPRINT_VERSION: a record of
 * another version, or of the older shape without hashes, is ignored and replaced.
 */
import type { StoredFingerprints } from '../engine/replay-session';
import type { FingerprintSeries } from '../engine/series';
import { db, type LoopscopeDb } from './db';

export async function loadFingerprints(
  id: number,
  version: number,
  database: LoopscopeDb = db,
): Promise<StoredFingerprints | undefined> {
  const head = await database.fingerprints.get([id, -1]);
  if (!head || head.version !== version || !head.series) return undefined;
  const { hashes, sizes } = head;
  if (!(hashes instanceof Uint32Array) || !(sizes instanceof Int32Array) || hashes.length !== sizes.length)
    return undefined;
  return { hashes, sizes, series: head.series as FingerprintSeries };
}

/** Replaces whatever was stored for `id` (another version, another shape, or nothing). */
export async function saveFingerprints(
  id: number,
  version: number,
  fps: StoredFingerprints,
  database: LoopscopeDb = db,
): Promise<void> {
  await database.transaction('rw', database.transcripts, database.fingerprints, async () => {
    // Not for a transcript deleted meanwhile.
    if (!(await database.transcripts.get(id))) return;
    await database.fingerprints.where('id').equals(id).delete();
    await database.fingerprints.put({
      id,
      n: -1,
      version,
      series: fps.series,
      hashes: fps.hashes,
      sizes: fps.sizes,
    });
  });
}
