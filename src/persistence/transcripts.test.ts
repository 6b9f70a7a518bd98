import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { normalizeTranscript } from '../model/normalize';
import { CHUNK_MAX_TURNS as TURNS_PER_CHUNK } from './chunking';
import { LoopscopeDb, V1_STORES } from './db';
import { deleteTranscript, loadTranscript, saveImport } from './transcripts';

const big = normalizeTranscript({
  format: 'x',
  title: 'big',
  turns: Array.from({ length: TURNS_PER_CHUNK * 2 + 7 }, (_, i) => ({
    text: `t${i}`,
    calls: [{ name: 'ls', args: { i } }],
  })),
});

describe('stored transcripts', () => {
  it('keep every turn in order across chunks, and delete them all', async () => {
    const db = new LoopscopeDb('chunks-test');
    const [id] = await saveImport('big.loop.jsonl', { format: 'x', transcripts: [big], warnings: [] }, {}, db);
    expect(await db.turnChunks.where('id').equals(id).count()).toBe(3);
    const back = await loadTranscript(id, db);
    expect(back).toEqual(big);
    await deleteTranscript(id, db);
    expect(await db.turnChunks.count()).toBe(0);
    expect(await loadTranscript(id, db)).toBeUndefined();
  });

  it('migrates version-1 bodies (whole transcripts) into chunks', async () => {
    const name = 'migrate-test';
    const v1 = new Dexie(name);
    v1.version(1).stores(V1_STORES);
    await v1.table('bodies').add({ id: 5, transcript: big });
    v1.close();
    const db = new LoopscopeDb(name);
    expect(await loadTranscript(5, db)).toEqual(big);
    expect((await db.bodies.get(5))?.transcript.turns).toEqual([]);
  });

  it('migrates malformed version-1 rows without failing: the library opens and nothing readable is lost', async () => {
    const name = 'migrate-malformed-test';
    const v1 = new Dexie(name);
    v1.version(1).stores(V1_STORES);
    await v1
      .table('bodies')
      .bulkAdd([
        { id: 1, transcript: { title: 'no turns field', format: 'x' } },
        { id: 2 },
        { id: 3, transcript: big },
      ]);
    v1.close();
    const db = new LoopscopeDb(name);
    await db.open();
    expect(await loadTranscript(1, db)).toEqual({
      title: 'no turns field',
      format: 'x',
      turns: [],
      labels: [],
      judge: [],
    });
    expect(await loadTranscript(2, db)).toEqual({
      title: 'Untitled transcript',
      format: 'unknown',
      turns: [],
      labels: [],
      judge: [],
    });
    expect(await loadTranscript(3, db)).toEqual(big);
    expect(await db.turnChunks.where('id').equals(3).count()).toBe(3);
  });
});
