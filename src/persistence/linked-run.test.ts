import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../import/types';
import { LoopscopeDb } from './db';
import { findLinkedRun, pickLinkedRun } from './linked-run';
import { saveImport } from './transcripts';

let n = 0;
const freshDb = () => new LoopscopeDb(`linked-run-test-${++n}`);
const file = (...titles: string[]): ImportResult => ({
  format: 'loopscope-jsonl',
  transcripts: titles.map((title) => ({ title, format: 'loopscope-jsonl', turns: [], labels: [], judge: [] })),
  warnings: [],
});
const TWO = '00000000000000aa-200';
const OTHER = '00000000000000bb-100';

describe('the run a share link names', () => {
  it('is found by content hash and position whatever its number in this library', async () => {
    // The sender stored the two-run file first; the receiver stored another file before it.
    const sender = freshDb();
    const [, databind] = await saveImport(
      'both.jsonl',
      file('jackson-core-964', 'jackson-databind-4186'),
      { contentHash: TWO },
      sender,
    );
    const receiver = freshDb();
    await saveImport('other.jsonl', file('a', 'b', 'c'), { contentHash: OTHER }, receiver);
    const ids = await saveImport(
      'both.jsonl',
      file('jackson-core-964', 'jackson-databind-4186'),
      { contentHash: TWO },
      receiver,
    );
    expect(databind).toBe(2);
    expect(ids).toEqual([4, 5]);
    const run = { hash: TWO, position: 2, title: 'jackson-databind-4186' };
    expect(await findLinkedRun(run, sender)).toBe(2);
    expect(await findLinkedRun(run, receiver)).toBe(5);
    expect(await findLinkedRun({ ...run, position: 1, title: 'jackson-core-964' }, receiver)).toBe(4);
  });

  it('is missing where the file is not stored, or holds no run at that position', async () => {
    const db = freshDb();
    await saveImport('other.jsonl', file('a'), { contentHash: OTHER }, db);
    expect(await findLinkedRun({ hash: TWO, position: 1, title: 'a' }, db)).toBeNull();
    expect(await findLinkedRun({ hash: OTHER, position: 2, title: 'b' }, db)).toBeNull();
  });

  it('prefers the copy at the position with the title, then the position, then the title alone', () => {
    const copies = [
      { id: 3, title: 'A', positionInFile: 1 },
      { id: 4, title: 'B', positionInFile: 2 },
      { id: 9, title: 'A', positionInFile: 1 },
      { id: 10, title: 'B', positionInFile: 2 },
    ];
    // The same file imported twice ("Keep both"): the older copy.
    expect(pickLinkedRun(copies, { position: 2, title: 'B' })).toBe(4);
    // A title the importer now writes otherwise: the position decides.
    expect(pickLinkedRun(copies, { position: 1, title: 'renamed' })).toBe(3);
    expect(pickLinkedRun(copies, { position: 3, title: 'B' })).toBeNull();
    // A link without a position: the title decides.
    expect(pickLinkedRun(copies, { title: 'B' })).toBe(4);
    expect(pickLinkedRun(copies, { title: '' })).toBeNull();
  });

  it('finds rows stored before positions were kept by their title, as the link cleans it', () => {
    const long = `Fix the ${'very '.repeat(60)}long bug`;
    const copies = [
      { id: 1, title: 'first' },
      { id: 2, title: long },
    ];
    expect(pickLinkedRun(copies, { position: 2, title: 'first' })).toBe(1);
    const clipped = `Fix the ${'very '.repeat(60)}`.slice(0, 119) + '…';
    expect(pickLinkedRun(copies, { position: 2, title: clipped })).toBe(2);
    expect(pickLinkedRun(copies, { position: 2, title: 'third' })).toBeNull();
  });
});
