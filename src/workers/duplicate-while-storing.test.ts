/**
 * The same bytes imported again while the first copy is still storing (or stored by another
 * worker at the same moment) are asked about, not stored twice. Each import runs in a worker of
 * its own in the app: two LoopscopeDb connections to one database stand for two workers here
 * (each keeps its own hash index), the in-process locks for the browser's Web Locks.
 */
import { describe, expect, it } from 'vitest';
import { hashBytes } from '../import/content-hash';
import { LoopscopeDb } from '../persistence/db';
import { findByContentHash } from '../persistence/hash-index';
import { loadTranscript } from '../persistence/transcripts';
import type { DuplicateChoice, DuplicateInfo } from './import-file';
import { createEngineWorker } from './engine-api';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const { finishStoring, importAndOpen, importFile, storingDone, importFolderUnit } = createEngineWorker();

let dbs = 0;
/** Two connections to one new database: the first import's worker and the second's. */
function twoWorkers(): [LoopscopeDb, LoopscopeDb] {
  const name = `duplicate-while-storing-test-${++dbs}`;
  return [new LoopscopeDb(name), new LoopscopeDb(name)];
}

const text =
  '{"type":"meta","version":1,"title":"Run A"}\n' +
  '{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n' +
  '{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n';
const hash = hashBytes(new TextEncoder().encode(text));

/** An asker that notes what it was asked and whether the first copy was still storing then. */
function asker(db: LoopscopeDb, choice: DuplicateChoice) {
  const seen: { info: DuplicateInfo; firstStoring: boolean }[] = [];
  const ask = async (info: DuplicateInfo) => {
    seen.push({ info, firstStoring: (await db.transcripts.get(1))?.storing !== undefined });
    return choice;
  };
  return { seen, ask };
}

/** The first import, answered with its row stored and marked; its turn writes wait (no replay comes). */
async function firstStoring(db: LoopscopeDb): Promise<{ done: Promise<string | null> }> {
  const first = await importAndOpen(new Blob([text]), 'a.loop.jsonl', {}, undefined, undefined, () => 'keep', {
    database: db,
  });
  expect(first.ok && first.summary.ids).toEqual([1]);
  const row = (await db.transcripts.get(1))!;
  // The hash is on the row from the start, not only once every turn is stored.
  expect([row.storing !== undefined, row.contentHash, await db.turnChunks.count()]).toEqual([true, hash, 0]);
  // Wrapped: an async function returning the promise itself would wait for it.
  return { done: storingDone() };
}

describe('a file imported again while its first copy is storing', () => {
  it('is asked about with the storing copy; skip stores nothing and the first copy is finished', async () => {
    const [dbA, dbB] = twoWorkers();
    const { done: firstDone } = await firstStoring(dbA);
    const { seen, ask } = asker(dbB, 'skip');
    const second = await importFile(new Blob([text]), 'again.loop.jsonl', {}, undefined, undefined, ask, {
      database: dbB,
    });
    expect(seen).toEqual([
      {
        info: { file: 'again.loop.jsonl', existing: [{ id: 1, title: 'Run A', fileName: 'a.loop.jsonl' }] },
        firstStoring: true,
      },
    ]);
    expect(second.ok || second.skipped).toBe(true);
    void finishStoring();
    expect(await firstDone).toBeNull();
    const rows = await dbA.transcripts.toArray();
    expect(rows.map((r) => [r.id, r.storing, r.contentHash])).toEqual([[1, undefined, hash]]);
    expect((await loadTranscript(1, dbA))?.turns).toHaveLength(2);
  });

  it('replace deletes the storing copy: its writes stop, nothing of it comes back, no chunk is left behind', async () => {
    const [dbA, dbB] = twoWorkers();
    const { done: firstDone } = await firstStoring(dbA);
    const { seen, ask } = asker(dbB, 'replace');
    const second = await importFile(new Blob([text]), 'again.loop.jsonl', {}, undefined, undefined, ask, {
      database: dbB,
    });
    expect(seen.map((s) => [s.info.existing.map((e) => e.id), s.firstStoring])).toEqual([[[1], true]]);
    expect(second.ok && second.summary.ids).toEqual([2]);
    // The first import writes its turns now, into a run that is gone.
    void finishStoring();
    expect(await firstDone).toBeNull();
    expect((await dbA.transcripts.toArray()).map((r) => [r.id, r.storing, r.fileName])).toEqual([
      [2, undefined, 'again.loop.jsonl'],
    ]);
    expect((await dbA.bodies.toArray()).map((b) => b.id)).toEqual([2]);
    expect((await dbA.turnChunks.toArray()).map((c) => [c.id, c.n, c.turns.length])).toEqual([[2, 0, 2]]);
    expect(await findByContentHash(hash, dbA)).toEqual([{ id: 2, title: 'Run A', fileName: 'again.loop.jsonl' }]);
  });

  it('is not asked about a first copy whose storing failed (its rows and hash are gone)', async () => {
    const [dbA, dbB] = twoWorkers();
    const { done: firstDone } = await firstStoring(dbA);
    // The other worker has seen the storing copy.
    expect(await findByContentHash(hash, dbB)).toEqual([{ id: 1, title: 'Run A', fileName: 'a.loop.jsonl' }]);
    dbA.turnChunks.add = (() => Promise.reject(new Error('the disk is full'))) as unknown as typeof dbA.turnChunks.add;
    void finishStoring();
    expect(await firstDone).toBe('could not be stored (the disk is full)');
    expect(await dbA.transcripts.count()).toBe(0);
    expect(await findByContentHash(hash, dbA)).toEqual([]);
    expect(await findByContentHash(hash, dbB)).toEqual([]);
    const { seen, ask } = asker(dbB, 'skip');
    const again = await importFile(new Blob([text]), 'again.loop.jsonl', {}, undefined, undefined, ask, {
      database: dbB,
    });
    expect([seen, again.ok && again.summary.ids]).toEqual([[], [2]]);
  });
});

describe('two folders holding the same file imported at once', () => {
  it('the second to reach the file is asked about the first one’s copy', async () => {
    const [dbA, dbB] = twoWorkers();
    const unit = (path: string) => ({
      kind: 'file' as const,
      path,
      size: text.length,
      file: new Blob([text]),
      optional: false,
    });
    const { seen, ask } = asker(dbA, 'skip');
    const [one, two] = await Promise.all([
      importFolderUnit(unit('one/a.loop.jsonl'), undefined, ask, { database: dbA }),
      importFolderUnit(unit('two/a.loop.jsonl'), undefined, ask, { database: dbB }),
    ]);
    expect(seen).toEqual([
      {
        info: { file: 'two/a.loop.jsonl', existing: [{ id: 1, title: 'Run A', fileName: 'one/a.loop.jsonl' }] },
        firstStoring: false,
      },
    ]);
    expect([one.status === 'imported' && one.summary.ids, two]).toEqual([[1], { status: 'duplicate' }]);
    expect((await dbA.transcripts.toArray()).map((r) => [r.id, r.contentHash])).toEqual([[1, hash]]);
  });
});
