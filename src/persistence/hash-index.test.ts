import { describe, expect, it } from 'vitest';
import { LoopscopeDb } from './db';
import { findByContentHash, sizeIsStored } from './hash-index';
import { beginImport } from './staged-import';
import { holdWhileStoring } from './store-lock';
import { deleteTranscript, saveImport } from './transcripts';

let n = 0;
const freshDb = () => new LoopscopeDb(`hash-index-test-${++n}`);
const result = (title: string) => ({
  format: 'loopscope-jsonl',
  transcripts: [{ title, format: 'loopscope-jsonl', turns: [], labels: [], judge: [] }],
  warnings: [],
});

describe('content hash index', () => {
  it('follows this worker’s writes and replacements, and rows deleted elsewhere', async () => {
    const db = freshDb();
    await saveImport('a.jsonl', result('A'), { contentHash: 'h1' }, db);
    expect(await findByContentHash('h1', db)).toEqual([{ id: 1, title: 'A', fileName: 'a.jsonl' }]);
    // Built now: later writes update it in place.
    await saveImport('b.jsonl', result('B'), { contentHash: 'h1' }, db);
    await saveImport('c.jsonl', result('C'), { contentHash: 'h2' }, db);
    expect((await findByContentHash('h1', db)).map((c) => c.id)).toEqual([1, 2]);
    await saveImport('d.jsonl', result('D'), { contentHash: 'h1', replace: [1, 2] }, db);
    expect(await findByContentHash('h1', db)).toEqual([{ id: 4, title: 'D', fileName: 'd.jsonl' }]);
    expect((await findByContentHash('h2', db)).map((c) => c.id)).toEqual([3]);
    // A delete the index did not see (the page's Delete button): the row count gives it away.
    await deleteTranscript(3, db);
    expect(await findByContentHash('h2', db)).toEqual([]);
    expect(await findByContentHash('nothing', db)).toEqual([]);
  });

  it('sees a row added by another worker though the row count is the same (one deleted, one added)', async () => {
    const here = freshDb();
    const there = new LoopscopeDb(here.name);
    await saveImport('a.jsonl', result('A'), { contentHash: 'h1' }, here);
    expect(await findByContentHash('h2', here)).toEqual([]);
    await deleteTranscript(1, there);
    await saveImport('b.jsonl', result('B'), { contentHash: 'h2' }, there);
    expect(await findByContentHash('h2', here)).toEqual([{ id: 2, title: 'B', fileName: 'b.jsonl' }]);
    expect(await findByContentHash('h1', here)).toEqual([]);
  });

  it('sees rows still storing while their import lives, never those of an import that is gone', async () => {
    const db = freshDb();
    // A tab closed while it stored: its row stays marked until opened, its run never landed.
    await beginImport('gone.jsonl', result('Gone'), 'token-of-a-closed-tab', { contentHash: 'h1-12' }, db);
    let begun!: () => void;
    const started = new Promise<void>((r) => (begun = r));
    let release!: () => void;
    const writing = holdWhileStoring('live-token', async () => {
      await beginImport('live.jsonl', result('Live'), 'live-token', { contentHash: 'h1-12' }, db);
      begun();
      await new Promise<void>((r) => (release = r));
    });
    await started;
    expect(await findByContentHash('h1-12', db)).toEqual([{ id: 2, title: 'Live', fileName: 'live.jsonl' }]);
    expect([await sizeIsStored(12, db), await sizeIsStored(13, db)]).toEqual([true, false]);
    release();
    await writing; // ended without finishing: as good as a closed tab
    expect(await findByContentHash('h1-12', db)).toEqual([]);
  });
});
