/**
 * The user deletes a run while its import is still writing its turns (the library's Delete runs
 * on the page, in its own transaction): the writes stop there, nothing of the run stays in any
 * table, and the import settles without an error (the user asked for the run to go).
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { LoopscopeDb } from '../persistence/db';
import { findByContentHash } from '../persistence/hash-index';
import { deleteTranscript } from '../persistence/transcripts';
import { hashBytes } from '../import/content-hash';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';
import { bigRun } from './big-run.test-util';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const parts = engineParts();
const { finishStoring, importAndOpen, storingDone, openSession, runSession } = createEngineWorker({ parts });

let dbs = 0;
const freshDb = () => new LoopscopeDb(`delete-while-storing-test-${++dbs}`);

/** Every record of run `id`, table by table (all zero once it is deleted). */
async function recordsOf(db: LoopscopeDb, id: number): Promise<Record<string, number>> {
  return {
    transcripts: (await db.transcripts.get(id)) ? 1 : 0,
    bodies: (await db.bodies.get(id)) ? 1 : 0,
    turnChunks: await db.turnChunks.where('id').equals(id).count(),
    fingerprints: await db.fingerprints.where('id').equals(id).count(),
    triage: await db.triage.where('id').equals(id).count(),
    labels: (await db.labels.get(id)) ? 1 : 0,
  };
}
const NOTHING = { transcripts: 0, bodies: 0, turnChunks: 0, fingerprints: 0, triage: 0, labels: 0 };

async function untilChunks(db: LoopscopeDb, id: number, n: number): Promise<void> {
  while ((await db.turnChunks.where('id').equals(id).count()) < n) await new Promise((r) => setTimeout(r, 1));
}

describe('a run deleted while its import writes its turns', () => {
  it('gets no more turns, keeps nothing, and its import settles without an error', async () => {
    const db = freshDb();
    const text = bigRun(20);
    const outcome = await importAndOpen(new Blob([text]), 'deleted.loop.jsonl', {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    const info = await openSession(id, { database: db });
    runSession(id, presetByName('chatloop')!, info.labels);
    await untilChunks(db, id, 1);
    await deleteTranscript(id, db);
    expect(await storingDone()).toBeNull();
    await parts.waits.fingerprintCacheWritten();
    expect(await recordsOf(db, id)).toEqual(NOTHING);
    // The same bytes dropped again are not taken for a copy of the deleted run.
    expect(await findByContentHash(hashBytes(new TextEncoder().encode(text)), db)).toEqual([]);
  });

  it('before its writes began (held for the first replay) keeps nothing either', async () => {
    const db = freshDb();
    const outcome = await importAndOpen(new Blob([bigRun(8)]), 'held.loop.jsonl', {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    await deleteTranscript(id, db);
    expect(await finishStoring()).toBeNull();
    expect(await recordsOf(db, id)).toEqual(NOTHING);
  });

  it('of a file of two runs: the other run is stored whole', async () => {
    const db = freshDb();
    const text = bigRun(7) + '{"type":"meta","title":"second"}\n' + bigRun(7);
    const outcome = await importAndOpen(new Blob([text]), 'two.loop.jsonl', {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [first, second] = outcome.summary.ids;
    const stored = finishStoring();
    await untilChunks(db, first, 1);
    await deleteTranscript(first, db);
    expect(await stored).toBeNull();
    expect(await recordsOf(db, first)).toEqual(NOTHING);
    const kept = (await db.transcripts.get(second))!;
    expect([kept.title, kept.turns, kept.storing]).toEqual(['second', 7, undefined]);
    expect(await db.turnChunks.where('id').equals(second).count()).toBe(2);
  });
});
