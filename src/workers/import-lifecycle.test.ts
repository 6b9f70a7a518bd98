/**
 * The import lifecycle, state by state: where each event takes an import, and that every event
 * that does not apply leaves the state as it is (the same object). Then the two awkward cases on
 * a real worker and database: a reload while a run is storing, and a delete while it is storing.
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { LoopscopeDb } from '../persistence/db';
import { beginImport, INTERRUPTED_IMPORT, interruptedMessage } from '../persistence/staged-import';
import { deleteTranscript } from '../persistence/transcripts';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';
import { EVENT, file, ids, STATE, type EventName } from './import-lifecycle.test-util';
import {
  applies,
  IMPORT_EVENTS,
  IMPORT_STATES,
  markedRow,
  nextImportState,
  type ImportState,
  type ImportStateKind,
} from './import-lifecycle';
import { bigRun } from './big-run.test-util';

/** Where each event takes each state; an event not listed leaves the state as it is. */
const MOVES: { [K in ImportStateKind]: Partial<Record<EventName, ImportState>> } = {
  reading: {
    parsed: { kind: 'parsed', file },
    failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
    cancel: { kind: 'cancelled', file, by: 'user' },
  },
  parsed: {
    rowsHeld: { kind: 'rowsWritten', file, ids },
    rowsNotHeld: { kind: 'storing', file, ids },
    noRows: { kind: 'stored', file, ids: [] },
    duplicateSkipped: { kind: 'cancelled', file, by: 'duplicate' },
    failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
    cancel: { kind: 'cancelled', file, by: 'user' },
  },
  rowsWritten: {
    pageOpened: { kind: 'opened', file, ids },
    firstReplay: { kind: 'storing', file, ids },
    idleLimit: { kind: 'storing', file, ids },
    released: { kind: 'storing', file, ids },
    oneDeleted: { kind: 'rowsWritten', file, ids: [2] },
    allDeleted: { kind: 'cancelled', file, by: 'deleted' },
    failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
    writerGone: { kind: 'interrupted', file, ids },
  },
  opened: {
    firstReplay: { kind: 'storing', file, ids },
    openLimit: { kind: 'storing', file, ids },
    released: { kind: 'storing', file, ids },
    oneDeleted: { kind: 'opened', file, ids: [2] },
    allDeleted: { kind: 'cancelled', file, by: 'deleted' },
    failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
    writerGone: { kind: 'interrupted', file, ids },
  },
  storing: {
    turnsWritten: { kind: 'stored', file, ids },
    oneDeleted: { kind: 'storing', file, ids: [2] },
    allDeleted: { kind: 'cancelled', file, by: 'deleted' },
    failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
    writerGone: { kind: 'interrupted', file, ids },
  },
  stored: {},
  failed: {},
  cancelled: {},
  interrupted: {},
};

describe('nextImportState', () => {
  for (const kind of IMPORT_STATES)
    it(`from ${kind}: ${Object.keys(MOVES[kind]).join(', ') || 'nothing'} move it; every other event leaves it as it is`, () => {
      const from = STATE[kind];
      for (const name of Object.keys(EVENT) as EventName[]) {
        const to = MOVES[kind][name];
        const next = nextImportState(from, EVENT[name]);
        if (to) {
          expect([name, next]).toEqual([name, to]);
          expect(applies(from, EVENT[name])).toBe(true);
        } else {
          expect([name, next]).toEqual([name, from]);
          // The same object: a late timer or a replay of a run already storing changes nothing.
          expect(next).toBe(from);
        }
      }
    });

  it('covers every state and event of the union', () => {
    expect(Object.keys(STATE).sort()).toEqual([...IMPORT_STATES].sort());
    expect([...new Set(Object.values(EVENT).map((e) => e.type))].sort()).toEqual([...IMPORT_EVENTS].sort());
    // Each kind is reached by some move (reading is where every import starts).
    const reached = new Set(Object.values(MOVES).flatMap((m) => Object.values(m).map((s) => s!.kind)));
    expect(IMPORT_STATES.filter((k) => !reached.has(k))).toEqual(['reading']);
  });

  it('a held import goes on at its first replay, the idle limit, the open limit or a release, never twice', () => {
    const held = nextImportState(STATE.parsed, EVENT.rowsHeld);
    const opened = nextImportState(held, EVENT.pageOpened);
    const storing = nextImportState(opened, EVENT.firstReplay);
    expect(storing).toEqual(STATE.storing);
    // The open limit and the idle limit firing after the first replay change nothing.
    expect(nextImportState(storing, EVENT.openLimit)).toBe(storing);
    expect(nextImportState(storing, EVENT.idleLimit)).toBe(storing);
    // Once opened, the idle limit no longer applies: it waits for the replay or the open limit.
    expect(nextImportState(opened, EVENT.idleLimit)).toBe(opened);
  });
});

let dbs = 0;
const freshDb = () => new LoopscopeDb(`import-lifecycle-test-${++dbs}`);

describe('reload while storing', () => {
  it('the row is found marked with no live writer: interrupted, deleted, and the page told which run and why', async () => {
    const db = freshDb();
    const text = bigRun(3);
    const parsed = await importSource(sourceFromText(file, text));
    // The tab that was writing it is gone: its token is marked on the row, no one holds its lock.
    const [left] = await beginImport(file, parsed, 'token-of-a-closed-tab', {}, db);
    const found = markedRow(left.meta.fileName, left.id);
    expect(found).toEqual({ kind: 'storing', file, ids: [left.id] });
    expect(nextImportState(found, { type: 'writerGone' })).toEqual({ kind: 'interrupted', file, ids: [left.id] });

    // The worker of the reloaded page sweeps it at start and says which run went and why.
    const reloaded = createEngineWorker();
    const gone = await reloaded.deleteInterruptedImports(db);
    expect(gone).toEqual([{ id: left.id, fileName: file, title: 'Untitled transcript' }]);
    expect(interruptedMessage(gone[0].fileName, gone[0].title)).toBe(
      `${file}: the page was closed or reloaded while “Untitled transcript” was still being stored, so it was not ` +
        'kept (the library keeps all of an import or none of it); import the file again',
    );
    expect([await db.transcripts.count(), await db.bodies.count(), await db.turnChunks.count()]).toEqual([0, 0, 0]);
  });

  it('a run opened before the sweep is deleted as it is read, the error named for the page', async () => {
    const db = freshDb();
    const [left] = await beginImport(file, await importSource(sourceFromText(file, bigRun(2))), 'closed-tab', {}, db);
    const reloaded = createEngineWorker();
    const opening = reloaded.openSession(left.id, { database: db });
    await expect(opening).rejects.toMatchObject({ name: INTERRUPTED_IMPORT });
    expect(await db.transcripts.count()).toBe(0);
  });
});

describe('delete while storing', () => {
  it('the writes stop, nothing of the run stays, and the import ends cancelled by the delete without an error', async () => {
    const db = freshDb();
    const seen: ImportState[] = [];
    const parts = engineParts({ onState: (s) => seen.push(s) });
    const worker = createEngineWorker({ parts });
    const outcome = await worker.importAndOpen(new Blob([bigRun(20)]), file, {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    const info = await worker.openSession(id, { database: db });
    worker.runSession(id, presetByName('chatloop')!, info.labels);
    while ((await db.turnChunks.where('id').equals(id).count()) === 0) await new Promise((r) => setTimeout(r, 1));
    // The library's Delete, on the page, while chunks are still to come.
    await deleteTranscript(id, db);
    expect(await worker.storingDone()).toBeNull();
    await parts.waits.fingerprintCacheWritten();
    expect(seen.map((s) => s.kind)).toEqual(['reading', 'parsed', 'rowsWritten', 'opened', 'storing', 'cancelled']);
    expect(seen.at(-1)).toEqual({ kind: 'cancelled', file, by: 'deleted' });
    expect(parts.waits.inProgress()).toEqual([]);
    const left = await Promise.all([
      db.transcripts.count(),
      db.bodies.count(),
      db.turnChunks.count(),
      db.fingerprints.count(),
      db.triage.count(),
      db.labels.count(),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('a run left alone is followed to stored: rows, held, opened, first replay, every turn', async () => {
    const db = freshDb();
    const seen: ImportStateKind[] = [];
    const worker = createEngineWorker({ parts: engineParts({ onState: (s) => seen.push(s.kind) }) });
    const outcome = await worker.importAndOpen(new Blob([bigRun(2)]), file, {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    const info = await worker.openSession(id, { database: db });
    worker.runSession(id, presetByName('chatloop')!, info.labels);
    expect(await worker.storingDone()).toBeNull();
    expect(seen).toEqual(['reading', 'parsed', 'rowsWritten', 'opened', 'storing', 'stored']);
  });

  it('a file that does not parse ends failed with the reason the user is shown', async () => {
    const seen: ImportState[] = [];
    const worker = createEngineWorker({ parts: engineParts({ onState: (s) => seen.push(s) }) });
    const outcome = await worker.importFile(
      new Blob(['{"type":"assistant"']),
      file,
      {},
      undefined,
      undefined,
      undefined,
      {
        database: freshDb(),
      },
    );
    expect(outcome.ok).toBe(false);
    expect(seen.map((s) => s.kind)).toEqual(['reading', 'failed']);
    expect(seen[1]).toEqual({ kind: 'failed', file, reason: !outcome.ok && outcome.error.reason });
  });
});
