/**
 * The worker's import stores what the old path stored (parse in the worker, clone the result to
 * the page, `saveImport` there): the same transcripts and library rows, in chunks bounded by size,
 * for a real corpus file, a real OpenHands events folder, and a file too big for one chunk.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planImport } from '../import/folder';
import { importUnit } from '../import/folder-import';
import { importSource } from '../import/index';
import { sourceFromBlob } from '../import/source';
import { approxChars, CHUNK_MAX_TURNS, STREAM_CHUNK_CHARS } from '../persistence/chunking';
import { LoopscopeDb } from '../persistence/db';
import { loadTranscript, saveImport } from '../persistence/transcripts';
import { hashBytes } from '../import/content-hash';
import type { DuplicateChoice, DuplicateInfo } from './import-file';
import { createEngineWorker } from './engine-api';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const { importFile, importFolderUnit } = createEngineWorker();

const corpus = (p: string) => readFileSync(new URL(`../../corpus/real/${p}`, import.meta.url));

let dbs = 0;
const freshDb = () => new LoopscopeDb(`import-file-test-${++dbs}`);

/** Everything the library keeps of some ids, but the import time. */
async function stored(db: LoopscopeDb, ids: number[]) {
  return Promise.all(
    ids.map(async (id) => {
      // The content hash is the worker's own addition (checked in the duplicate tests).
      const { importedAt, id: _id, contentHash: _hash, ...meta } = (await db.transcripts.get(id))!;
      expect(importedAt).toBeGreaterThan(0);
      const chunks = await db.turnChunks.where('id').equals(id).toArray();
      return {
        meta,
        transcript: await loadTranscript(id, db),
        chunkTurns: chunks.map((c) => c.turns.length),
      };
    }),
  );
}

function expectBounded(chunks: { turns: unknown[] }[]) {
  for (const c of chunks) {
    expect(c.turns.length).toBeLessThanOrEqual(CHUNK_MAX_TURNS);
    // A chunk of one turn may be over the bound (up to TURN_MAX_CHARS); more turns never are.
    if (c.turns.length > 1) expect(approxChars(c.turns)).toBeLessThanOrEqual(STREAM_CHUNK_CHARS + c.turns.length + 2);
  }
}

describe('importFile in the worker', () => {
  it('stores a real SWE-agent trajectory exactly as the page used to, and returns only a summary', async () => {
    const name = 'marshmallow-code__marshmallow-1867.traj';
    const blob = new Blob([
      corpus(
        'swe-agent/trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__function_calling_replace_from_source/marshmallow-code__marshmallow-1867.traj',
      ),
    ]);
    const viaWorker = freshDb();
    const progress: number[] = [];
    let storing = 0;
    const outcome = await importFile(
      blob,
      name,
      {},
      (read) => progress.push(read),
      () => storing++,
      undefined,
      { database: viaWorker },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const old = freshDb();
    const parsed = await importSource(sourceFromBlob(name, blob));
    const oldIds = await saveImport(name, parsed, {}, old);

    expect(outcome.summary).toEqual({
      ids: [1],
      format: 'swe-agent',
      transcripts: 1,
      turns: parsed.transcripts[0].turns.length,
      warnings: [],
    });
    expect(Object.keys(outcome.summary)).not.toContain('result');
    expect(storing).toBe(1);
    expect(progress.at(-1)).toBe(blob.size);
    expect(await stored(viaWorker, outcome.summary.ids)).toEqual(await stored(old, oldIds));
    expect((await stored(viaWorker, outcome.summary.ids))[0].transcript).toEqual(parsed.transcripts[0]);
  });

  it('splits a transcript too big for one record into chunks of at most 4 Mi characters (one transaction each)', async () => {
    const big = 'x'.repeat(7_000_000);
    const lines = [1, 2, 3].map((i) =>
      JSON.stringify({
        type: 'assistant',
        text: `t${i}`,
        calls: [{ id: `c${i}`, name: 'cat', args: {}, result: { content: big, isError: false } }],
      }),
    );
    const blob = new Blob([lines.join('\n') + '\n']);
    const db = freshDb();
    const outcome = await importFile(blob, 'big.loop.jsonl', {}, undefined, undefined, undefined, { database: db });
    expect(outcome.ok && outcome.summary.turns).toBe(3);
    const chunks = await db.turnChunks.toArray();
    // 7 M characters a turn: over the import's 4 Mi bound alone, so one turn a chunk (the
    // single-transaction path put two in each of its 16 Mi chunks).
    expect(chunks.map((c) => c.turns.map((t) => t.index))).toEqual([[1], [2], [3]]);
    expectBounded(chunks);
    const parsed = await importSource(sourceFromBlob('big.loop.jsonl', blob));
    expect(await loadTranscript(1, db)).toEqual(parsed.transcripts[0]);
  });

  it('marks samples, and stores nothing of a file that does not parse', async () => {
    const db = freshDb();
    const ok = await importFile(
      new Blob(['{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n']),
      'demo.loop.jsonl',
      { sample: true },
      undefined,
      undefined,
      undefined,
      { database: db },
    );
    expect(ok.ok && ok.summary.ids).toEqual([1]);
    expect((await db.transcripts.get(1))?.sample).toBe(true);
    const bad = await importFile(new Blob(['{"trajectory": [']), 'broken.traj', {}, undefined, undefined, undefined, {
      database: db,
    });
    expect(bad).toEqual({
      ok: false,
      error: {
        file: 'broken.traj',
        line: undefined,
        reason: 'not valid JSON (Unexpected end of JSON input)',
        message: 'broken.traj: not valid JSON (Unexpected end of JSON input)',
      },
    });
    expect(await db.transcripts.count()).toBe(1);
    expect(await db.turnChunks.count()).toBe(1);
  });
});

describe('importFile: the same file imported again', () => {
  const text = '{"type":"meta","version":1,"title":"Run A"}\n{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n';
  const again = async (db: LoopscopeDb, choice: DuplicateChoice, seen: DuplicateInfo[]) =>
    importFile(
      new Blob([text]),
      'copy.loop.jsonl',
      {},
      undefined,
      undefined,
      (info) => {
        seen.push(info);
        return choice;
      },
      { database: db },
    );

  it('asks, naming what is stored; keep both stores a second copy, replace swaps the stored one', async () => {
    const db = freshDb();
    const seen: DuplicateInfo[] = [];
    const first = await importFile(new Blob([text]), 'a.loop.jsonl', {}, undefined, undefined, () => 'skip', {
      database: db,
    });
    expect(first.ok && first.summary.ids).toEqual([1]);
    expect((await db.transcripts.get(1))?.contentHash).toBe(hashBytes(new TextEncoder().encode(text)));

    const kept = await again(db, 'keep', seen);
    expect(seen).toEqual([
      { file: 'copy.loop.jsonl', existing: [{ id: 1, title: 'Run A', fileName: 'a.loop.jsonl' }] },
    ]);
    expect(kept.ok && kept.summary.ids).toEqual([2]);
    expect((await db.transcripts.toArray()).map((m) => m.id)).toEqual([1, 2]);

    await db.labels.put({ transcriptId: 1, labels: [{ startTurn: 1, endTurn: 1, kind: 'loop' }] });
    const replaced = await again(db, 'replace', seen);
    expect(seen[1].existing.map((e) => e.id)).toEqual([1, 2]);
    expect(replaced.ok && replaced.summary.ids).toEqual([3]);
    expect((await db.transcripts.toArray()).map((m) => m.id)).toEqual([3]);
    expect(await db.turnChunks.where('id').anyOf([1, 2]).count()).toBe(0);
    expect(await db.labels.get(1)).toBeUndefined();
  });

  it('skip stores nothing and says why; other bytes are not a duplicate', async () => {
    const db = freshDb();
    const seen: DuplicateInfo[] = [];
    await importFile(new Blob([text]), 'a.loop.jsonl', {}, undefined, undefined, undefined, { database: db });
    const skipped = await again(db, 'skip', seen);
    expect(skipped).toEqual({
      ok: false,
      skipped: true,
      error: {
        file: 'copy.loop.jsonl',
        reason: 'already in the library; not imported again',
        message: 'copy.loop.jsonl: already in the library; not imported again',
      },
    });
    expect(await db.transcripts.count()).toBe(1);
    const other = await importFile(new Blob([text + '\n']), 'b.loop.jsonl', {}, undefined, undefined, () => 'skip', {
      database: db,
    });
    expect(other.ok).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe('importFolderUnit: a file of the folder already in the library', () => {
  it('asks with the unit path; skip reports a duplicate and stores nothing, replace swaps', async () => {
    const db = freshDb();
    const text = '{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n';
    const unit = {
      kind: 'file' as const,
      path: 'runs/a.loop.jsonl',
      size: text.length,
      file: new Blob([text]),
      optional: false,
    };
    const first = await importFolderUnit(unit, undefined, () => 'skip', { database: db });
    expect(first.status).toBe('imported');
    const seen: DuplicateInfo[] = [];
    const ask = (choice: DuplicateChoice) => (info: DuplicateInfo) => {
      seen.push(info);
      return choice;
    };
    expect(await importFolderUnit(unit, undefined, ask('skip'), { database: db })).toEqual({ status: 'duplicate' });
    expect(seen.map((i) => [i.file, i.existing.map((e) => e.fileName)])).toEqual([
      ['runs/a.loop.jsonl', ['runs/a.loop.jsonl']],
    ]);
    const replaced = await importFolderUnit(unit, undefined, ask('replace'), { database: db });
    expect(replaced.status === 'imported' && replaced.summary.ids).toEqual([2]);
    expect(await db.transcripts.count()).toBe(1);
  });
});

describe('importFolderUnit: one file of a folder', () => {
  it('is read once: the parse hashes it for the duplicate check', async () => {
    const db = freshDb();
    const text = '{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n';
    let reads = 0;
    class CountedBlob extends Blob {
      override stream() {
        reads++;
        return super.stream();
      }
    }
    const file = new CountedBlob([text]);
    const unit = { kind: 'file' as const, path: 'runs/a.loop.jsonl', size: text.length, file, optional: false };
    expect((await importFolderUnit(unit, undefined, () => 'skip', { database: db })).status).toBe('imported');
    expect(reads).toBe(1);
    expect((await db.transcripts.get(1))?.contentHash).toBe(hashBytes(new TextEncoder().encode(text)));
  });
});

describe('importFolderUnit in the worker', () => {
  it('stores a real OpenHands events folder and a trajectory beside it exactly as the page used to', async () => {
    const events = JSON.parse(corpus('openhands/tests/runtime/trajs/basic.json').toString()) as { id: number }[];
    const files = [
      ...events.map((e) => ({ path: `sessions/a1/events/${e.id}.json`, text: JSON.stringify(e) })),
      { path: 'sessions/a1/metadata.json', text: '{"title":"2048"}' },
      { path: 'swe/run.traj', text: corpus('swe-agent/trajectories/demonstrations/ctf/crypto/katy.traj').toString() },
      { path: 'README.md', text: '# my runs\n' },
    ].map((f) => ({ path: f.path, size: f.text.length, file: new Blob([f.text]) }));
    const plan = planImport(files);
    const viaWorker = freshDb();
    const old = freshDb();
    const outcomes = [];
    const oldIds: number[] = [];
    for (const unit of plan.units) {
      outcomes.push(await importFolderUnit(unit, undefined, undefined, { database: viaWorker }));
      // The old path: parse, then the page stores the cloned result.
      const sources =
        unit.kind === 'file'
          ? { ...unit, file: sourceFromBlob(unit.path, unit.file) }
          : { ...unit, files: unit.files.map((f) => ({ ...f, file: sourceFromBlob(f.path, f.file) })) };
      const o = await importUnit(sources);
      if (o.status === 'imported') oldIds.push(...(await saveImport(unit.path, o.result, {}, old)));
    }
    expect(
      outcomes.map((o) => (o.status === 'imported' ? [o.summary.format, o.summary.transcripts] : o.status)),
    ).toEqual([
      ['openhands', 1],
      ['swe-agent', 1],
    ]);
    const ids = outcomes.flatMap((o) => (o.status === 'imported' ? o.summary.ids : []));
    expect(ids).toEqual([1, 2]);
    const got = await stored(viaWorker, ids);
    expect(got).toEqual(await stored(old, oldIds));
    expect(got.map((g) => g.meta.fileName)).toEqual(['sessions/a1/events', 'swe/run.traj']);
    expect(got.every((g) => (g.transcript?.turns.length ?? 0) > 0)).toBe(true);
    expectBounded(await viaWorker.turnChunks.toArray());
  });
});
