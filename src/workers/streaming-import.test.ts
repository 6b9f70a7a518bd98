/**
 * The page's import: the worker answers once the library rows are stored, opens the run from
 * what it parsed (the turns are not stored yet), writes the turns after the first replay in
 * chunks bounded by size, and leaves exactly what the single-transaction path stores. A row
 * whose import was interrupted is deleted when opened; one still being written is waited for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { hashBytes } from '../import/content-hash';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { approxChars, STREAM_CHUNK_CHARS } from '../persistence/chunking';
import { LoopscopeDb } from '../persistence/db';
import { beginImport, finishImport, writeChunks } from '../persistence/staged-import';
import { holdWhileStoring } from '../persistence/store-lock';
import { loadTranscript, saveImport } from '../persistence/transcripts';
import { createEngineWorker } from './engine-api';
import { deleteInterruptedImports } from './interrupted-imports';
import { bigRun } from './big-run.test-util';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const { finishStoring, importAndOpen, importFile, storingDone, closeSession, openSession, runSession } =
  createEngineWorker();

let dbs = 0;
const freshDb = () => new LoopscopeDb(`streaming-import-test-${++dbs}`);
const sample = (name: string) => readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');

describe('importAndOpen', () => {
  it('answers before any turn is stored, opens the run from what it parsed, then stores what saveImport stores', async () => {
    const db = freshDb();
    const text = bigRun(20);
    const name = 'big.loop.jsonl';
    const outcome = await importAndOpen(new Blob([text]), name, {}, undefined, undefined, () => 'keep', {
      database: db,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // Comlink posts the answer: it must survive a structured clone as it is.
    expect(structuredClone(outcome)).toEqual(outcome);
    const [id] = outcome.summary.ids;
    // The row is there, marked; no turn is written yet (the writes wait for the first replay).
    expect((await db.transcripts.get(id))?.storing).toMatch(/./);
    expect(await db.turnChunks.count()).toBe(0);
    const info = await openSession(id, { database: db });
    expect([info.turns, info.rows]).toEqual([20, 20]);
    const first = runSession(id, presetByName('chatloop')!, info.labels);
    expect(first.result.calls).toBe(20);

    expect(await storingDone()).toBeNull();
    const row = (await db.transcripts.get(id))!;
    expect(row.storing).toBeUndefined();
    expect(row.contentHash).toBe(hashBytes(new TextEncoder().encode(text)));
    const chunks = await db.turnChunks.where('id').equals(id).sortBy('n');
    expect(chunks.map((c) => c.turns.length)).toEqual([6, 6, 6, 2]);
    for (const c of chunks) expect(approxChars(c.turns)).toBeLessThanOrEqual(STREAM_CHUNK_CHARS);

    // What the single transaction of the old path stores, read back the same.
    const old = freshDb();
    const [oldId] = await saveImport(name, await importSource(sourceFromText(name, text)), {}, old);
    expect(await loadTranscript(id, db)).toEqual(await loadTranscript(oldId, old));
    const { importedAt: _a, contentHash: _h, storing: _s, ...meta } = row;
    const { importedAt: _b, ...oldMeta } = (await old.transcripts.get(oldId))!;
    expect(meta).toEqual(oldMeta);

    // A reopen in a new worker reads what was stored and replays the same.
    closeSession(id);
    await openSession(id, { database: db });
    expect(runSession(id, presetByName('chatloop')!, info.labels).result).toEqual(first.result);
  });
});

describe('importAndOpen of a file deleted from disk after its parse', () => {
  it('stores every turn and the content hash the parse computed (the file is not read again)', async () => {
    const db = freshDb();
    let gone = false;
    class DeletedLater extends Blob {
      override stream(): ReturnType<Blob['stream']> {
        if (gone) throw new DOMException('A requested file or directory could not be found', 'NotFoundError');
        return super.stream();
      }
    }
    const text = bigRun(2);
    const outcome = await importAndOpen(
      new DeletedLater([text]),
      'gone.loop.jsonl',
      {},
      undefined,
      undefined,
      undefined,
      { database: db },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    gone = true;
    expect(await finishStoring()).toBeNull();
    const row = (await db.transcripts.get(outcome.summary.ids[0]))!;
    expect([row.storing, row.contentHash, row.turns]).toEqual([
      undefined,
      hashBytes(new TextEncoder().encode(text)),
      2,
    ]);
    expect((await loadTranscript(row.id, db))?.turns).toHaveLength(2);
  });
});

describe('importAndOpen warming the run up', () => {
  it('opens one session when the warm-up and the page open at once, and stores after the first replay', async () => {
    const db = freshDb();
    const chatloop = presetByName('chatloop')!;
    const outcome = await importAndOpen(
      new Blob([bigRun(4)]),
      'warm.loop.jsonl',
      { warm: [chatloop] },
      undefined,
      undefined,
      undefined,
      { database: db },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    // The warm-up starts a macrotask after the answer; the page's open arrives while it reads the row.
    await new Promise((r) => setTimeout(r, 0));
    const info = await openSession(id, { database: db });
    expect(info.turns).toBe(4);
    expect(runSession(id, chatloop, info.labels).result.calls).toBe(4);
    expect(await storingDone()).toBeNull();
    expect(await db.turnChunks.where('id').equals(id).count()).toBe(1);
  });
});

describe('finishStoring (a worker being retired)', () => {
  it('writes at once the turns of a run the page opened but will not replay here', async () => {
    const db = freshDb();
    const outcome = await importAndOpen(new Blob([bigRun(2)]), 'left.loop.jsonl', {}, undefined, undefined, undefined, {
      database: db,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const [id] = outcome.summary.ids;
    // Opened: its writes would now wait up to 2 minutes for its first replay.
    await openSession(id, { database: db });
    expect(await finishStoring()).toBeNull();
    expect((await db.transcripts.get(id))?.storing).toBeUndefined();
    expect(await db.turnChunks.where('id').equals(id).count()).toBe(1);
  });
});

describe('importAndOpen of a file the page does not open', () => {
  it('stores every turn 2 s after answering, though it warmed nothing (two transcripts are not opened)', async () => {
    const db = freshDb();
    const text = bigRun(3) + '{"type":"meta","title":"second"}\n' + bigRun(2);
    const outcome = await importAndOpen(
      new Blob([text]),
      'two.loop.jsonl',
      { warm: [presetByName('chatloop')!] },
      undefined,
      undefined,
      undefined,
      { database: db },
    );
    expect(outcome.ok && outcome.summary.transcripts).toBe(2);
    const started = Date.now();
    expect(await storingDone()).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(await db.turnChunks.count()).toBe(2);
    expect((await db.transcripts.toArray()).map((r) => [r.title, r.turns, r.storing])).toEqual([
      ['Untitled transcript', 3, undefined],
      ['second', 2, undefined],
    ]);
  });
});

describe('importFile', () => {
  it('settles once every turn is stored, with an answer that survives a structured clone', async () => {
    const db = freshDb();
    const name = 'same-error-forever.loop.jsonl';
    const outcome = await importFile(
      new Blob([sample(name)]),
      name,
      { sample: true },
      undefined,
      undefined,
      undefined,
      { database: db },
    );
    expect(structuredClone(outcome)).toEqual(outcome);
    expect(outcome.ok && outcome.summary.ids).toEqual([1]);
    expect((await db.transcripts.get(1))?.storing).toBeUndefined();
    expect(await loadTranscript(1, db)).toEqual(
      (await importSource(sourceFromText(name, sample(name)))).transcripts[0],
    );
  });
});

describe('a row still marked as storing', () => {
  const name = 'missing-path-ls-loop.loop.jsonl';
  const parsed = () => importSource(sourceFromText(name, sample(name)));

  it('is deleted when opened if its import is gone (a tab closed midway), with a message naming the file', async () => {
    const db = freshDb();
    const [staged] = await beginImport(name, await parsed(), 'token-of-a-closed-tab', {}, db);
    await expect(openSession(staged.id, { database: db })).rejects.toThrow(
      `${name}: the page was closed or reloaded while “${staged.meta.title}” was still being stored, so it was ` +
        'not kept (the library keeps all of an import or none of it); import the file again',
    );
    expect(await db.transcripts.count()).toBe(0);
    expect(await db.bodies.count()).toBe(0);
  });

  it('is opened once its import, still writing, has stored every turn', async () => {
    const db = freshDb();
    const result = await parsed();
    let begun!: (id: number) => void;
    const id = new Promise<number>((r) => (begun = r));
    let release!: () => void;
    const writing = holdWhileStoring('live-token', async () => {
      const staged = await beginImport(name, result, 'live-token', {}, db);
      begun(staged[0].id);
      await new Promise<void>((r) => (release = r));
      await writeChunks(staged, db);
      await finishImport(staged, {}, db);
    });
    const opening = openSession(await id, { database: db });
    await new Promise((r) => setTimeout(r, 20));
    release();
    const info = await opening;
    expect(info.turns).toBe(result.transcripts[0].turns.length);
    await writing;
    expect((await db.transcripts.get(await id))?.storing).toBeUndefined();
  });

  it('is swept from the library at start when its import is gone; one still writing and finished ones stay', async () => {
    const db = freshDb();
    const result = await parsed();
    const [left] = await beginImport(name, result, 'token-of-a-closed-tab', {}, db);
    const [done] = await saveImport('done.loop.jsonl', result, {}, db);
    let release!: () => void;
    let begun!: (id: number) => void;
    const writingId = new Promise<number>((r) => (begun = r));
    const writing = holdWhileStoring('live-token-2', async () => {
      const staged = await beginImport('writing.loop.jsonl', result, 'live-token-2', {}, db);
      begun(staged[0].id);
      await new Promise<void>((r) => (release = r));
      await writeChunks(staged, db);
      await finishImport(staged, {}, db);
    });
    const stillWriting = await writingId;
    const title = result.transcripts[0].title;
    expect(await deleteInterruptedImports(db)).toEqual([{ id: left.id, fileName: name, title }]);
    expect((await db.transcripts.toArray()).map((m) => m.id).sort()).toEqual([done, stillWriting].sort());
    expect(await db.bodies.get(left.id)).toBeUndefined();
    release();
    await writing;
    expect(await deleteInterruptedImports(db)).toEqual([]);
    expect(await db.transcripts.count()).toBe(2);
  });
});
