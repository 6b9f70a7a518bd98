import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { normalizeTranscript } from '../model/normalize';
import { LoopscopeDb, TURNS_PER_CHUNK } from './db';
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
    v1.version(1).stores({
      transcripts: '++id, title, format, importedAt',
      bodies: 'id',
      labels: 'transcriptId',
      configs: '++id, name',
      judgeCache: 'key',
      meta: 'key',
    });
    await v1.table('bodies').add({ id: 5, transcript: big });
    v1.close();
    const db = new LoopscopeDb(name);
    expect(await loadTranscript(5, db)).toEqual(big);
    expect((await db.bodies.get(5))?.transcript.turns).toEqual([]);
  });
});
