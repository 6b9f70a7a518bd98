/**
 * The triage cache in IndexedDB: a digest is found again only under the same config hash and the
 * same import of the run; only the last KEEP_CONFIGS configs are kept; the version-4 table is
 * added to a version-3 library without touching its runs.
 */
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { LoopscopeDb, V1_STORES } from './db';
import { hashConfigKey, KEEP_CONFIGS, loadDigests, saveDigests } from './triage-cache';

let n = 0;
const freshDb = () => new LoopscopeDb(`triage-cache-test-${++n}`);
const digest = (alarms: number) => ({
  turns: 10,
  alarms,
  alarmTurns: alarms ? [3] : [],
  stoppedAt: null,
  loopsSeen: alarms ? 1 : 0,
  warnedAt: alarms ? 3 : null,
  blockedAt: null,
});

async function addRun(db: LoopscopeDb, importedAt: number): Promise<number> {
  return (await db.transcripts.add({
    title: 't',
    format: 'x',
    fileName: 'f',
    turns: 10,
    calls: 10,
    importedAt,
    warnings: [],
  } as never)) as number;
}

describe('triage cache', () => {
  it('finds a digest under the same config and import, and not under another config or import', async () => {
    const db = freshDb();
    const id = await addRun(db, 100);
    await saveDigests('a', [{ id, importedAt: 100, digest: digest(2) }], db);
    expect(await loadDigests('a', [{ id, importedAt: 100 }], db)).toEqual(new Map([[id, digest(2)]]));
    expect((await loadDigests('b', [{ id, importedAt: 100 }], db)).size).toBe(0);
    // The same id imported again (another importedAt) is another run.
    expect((await loadDigests('a', [{ id, importedAt: 101 }], db)).size).toBe(0);
  });

  it('keeps the last KEEP_CONFIGS configs, dropping the one computed longest ago', async () => {
    const db = freshDb();
    const id = await addRun(db, 1);
    for (let c = 0; c <= KEEP_CONFIGS; c++) await saveDigests(`c${c}`, [{ id, importedAt: 1, digest: digest(c) }], db);
    expect((await loadDigests('c0', [{ id, importedAt: 1 }], db)).size).toBe(0);
    expect((await loadDigests('c1', [{ id, importedAt: 1 }], db)).get(id)).toEqual(digest(1));
    expect(await db.triage.count()).toBe(KEEP_CONFIGS);
  });

  it('stores nothing for a run deleted before the write', async () => {
    const db = freshDb();
    await saveDigests('a', [{ id: 77, importedAt: 1, digest: digest(1) }], db);
    expect(await db.triage.count()).toBe(0);
  });

  it('names configs apart by their whole key', () => {
    expect(hashConfigKey('1.2|{"a":1}')).toBe(hashConfigKey('1.2|{"a":1}'));
    expect(hashConfigKey('1.2|{"a":1}')).not.toBe(hashConfigKey('1.3|{"a":1}'));
    expect(hashConfigKey('1.2|{"a":1}')).not.toBe(hashConfigKey('1.2|{"a":2}'));
  });

  it('opens a version-3 library with its runs, turns and labels intact, and an empty triage table', async () => {
    const name = `triage-upgrade-test-${++n}`;
    const v3 = new Dexie(name);
    v3.version(1).stores(V1_STORES);
    v3.version(2).stores({ turnChunks: '[id+n], id' });
    v3.version(3).stores({ fingerprints: '[id+n], id' });
    const meta = {
      id: 4,
      title: 'old run',
      format: 'x',
      fileName: 'old.jsonl',
      turns: 1,
      calls: 1,
      importedAt: 9,
      warnings: [],
    };
    await v3.table('transcripts').add(meta);
    await v3.table('bodies').add({ id: 4, transcript: { title: 'old run', format: 'x', turns: [] }, chunks: 1 });
    await v3.table('turnChunks').add({ id: 4, n: 0, turns: [{ index: 1, text: 'hi', calls: [] }] });
    await v3.table('labels').add({ transcriptId: 4, labels: [{ startTurn: 1, endTurn: 1, kind: 'loop' }] });
    v3.close();
    const db = new LoopscopeDb(name);
    expect(await db.transcripts.toArray()).toEqual([meta]);
    expect((await db.turnChunks.get([4, 0]))?.turns).toEqual([{ index: 1, text: 'hi', calls: [] }]);
    expect((await db.labels.get(4))?.labels).toEqual([{ startTurn: 1, endTurn: 1, kind: 'loop' }]);
    expect(db.verno).toBe(4);
    expect(await db.triage.count()).toBe(0);
  });
});
