import { describe, expect, it } from 'vitest';
import { LoopscopeDb } from './db';
import { findByContentHash } from './hash-index';
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
});
