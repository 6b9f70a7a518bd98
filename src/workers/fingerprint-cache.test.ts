/**
 * The fingerprints a session computes are stored beside the turns: a reopen reuses them, and a
 * change of the engine's fingerprint version recomputes them (and replaces what was stored).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_VERSION } from '../engine/fingerprint';
import { callKey } from '../engine/call-key';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { LoopscopeDb } from '../persistence/db';
import { loadFingerprints } from '../persistence/fingerprint-cache';
import { deleteTranscript, saveImport } from '../persistence/transcripts';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';
import { presetByName } from '../engine/presets/index';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const parts = engineParts();
const { closeSession, openSession, runSession } = createEngineWorker({ parts });

const name = 'missing-path-ls-loop.loop.jsonl';
const text = readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');

async function stored(db: LoopscopeDb) {
  const [id] = await saveImport(name, await importSource(sourceFromText(name, text)), {}, db);
  return id;
}

const topOf = (id: number) => runSession(id, presetByName('chatloop')!, []).result.fingerprints.top;

describe('the fingerprint cache', () => {
  it('is written on the first open, reused by a reopen, and recomputed after a version change', async () => {
    const db = new LoopscopeDb('fingerprint-cache-test');
    const id = await stored(db);
    expect(await loadFingerprints(id, FINGERPRINT_VERSION, db)).toBeUndefined();

    await openSession(id, { database: db });
    await parts.waits.fingerprintCacheWritten();
    const first = (await loadFingerprints(id, FINGERPRINT_VERSION, db))!;
    // Numbers, not texts: the key (hash and size) of each of the 17 calls' exact fingerprint.
    expect(first.hashes).toBeInstanceOf(Uint32Array);
    expect(first.hashes).toHaveLength(17);
    const ls = { hash: 0, size: 0 };
    callKey('ls', { path: 'src/plugins' }, ls);
    const lsCalls = [...first.hashes.keys()].filter((i) => first.hashes[i] === ls.hash && first.sizes[i] === ls.size);
    expect(lsCalls).toHaveLength(12);
    const computed = topOf(id);
    expect(computed[0]).toEqual({ fingerprint: 'ls:{"path":"src/plugins"}', name: 'ls', count: 12 });

    // A reopen in a new worker (a page load) replays the same from what is stored...
    const events = runSession(id, presetByName('chatloop')!, []).result.events;
    closeSession(id);
    await openSession(id, { database: db });
    expect(runSession(id, presetByName('chatloop')!, []).result.events).toEqual(events);
    expect(topOf(id)).toEqual(computed);
    // ...and takes what is stored: mark it, and the session shows the mark.
    const head = (await db.fingerprints.get([id, -1]))!;
    const marked = { ...first.series, top: [{ ...first.series.top[0], name: 'from-the-cache' }] };
    await db.fingerprints.put({ ...head, series: marked });
    closeSession(id);
    await openSession(id, { database: db });
    expect(topOf(id)[0].name).toBe('from-the-cache');

    // Another engine version: the stored record is ignored, recomputed and replaced.
    await openSession(id, { database: db, version: FINGERPRINT_VERSION + 1 });
    expect(topOf(id)).toEqual(computed);
    await parts.waits.fingerprintCacheWritten();
    expect((await db.fingerprints.get([id, -1]))!.version).toBe(FINGERPRINT_VERSION + 1);
    expect(await loadFingerprints(id, FINGERPRINT_VERSION, db)).toBeUndefined();
    expect((await loadFingerprints(id, FINGERPRINT_VERSION + 1, db))!.series.top[0].name).toBe('ls');

    await deleteTranscript(id, db);
    expect(await db.fingerprints.count()).toBe(0);
  });

  it('ignores a record of the older shape (fingerprint texts in chunks) and replaces it', async () => {
    const db = new LoopscopeDb('fingerprint-cache-legacy-test');
    const id = await stored(db);
    const series = { top: [{ fingerprint: 'x', name: 'from-the-old-record', count: 1 }], timeline: [] };
    await db.fingerprints.bulkPut([
      { id, n: -1, version: FINGERPRINT_VERSION, chunks: 1, series },
      { id, n: 0, version: FINGERPRINT_VERSION, exact: Array(17).fill('x') },
    ]);
    expect(await loadFingerprints(id, FINGERPRINT_VERSION, db)).toBeUndefined();
    await openSession(id, { database: db });
    expect(topOf(id)[0]).toEqual({ fingerprint: 'ls:{"path":"src/plugins"}', name: 'ls', count: 12 });
    await parts.waits.fingerprintCacheWritten();
    expect(await db.fingerprints.count()).toBe(1);
    expect((await loadFingerprints(id, FINGERPRINT_VERSION, db))!.hashes).toHaveLength(17);
    closeSession(id);
  });
});
