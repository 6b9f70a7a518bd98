/**
 * Triage in the worker: runs read from IndexedDB by id, one summary each; the replay is cached per
 * config (labels are re-read every time), and a run gone from the library is named as missing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { db } from '../persistence/db';
import { saveLabels } from '../persistence/labels';
import { bundledSampleText } from '../samples/bundled.test-util';
import { deleteTranscript, loadTranscript, loadTranscripts, saveImport } from '../persistence/transcripts';
import { resolveConfig, settingsKey } from '../engine/config';
import { hashConfigKey, saveDigests } from '../persistence/triage-cache';
import { configKey } from './triage';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const parts = engineParts();
const { noteTriageConfigs, triageRuns, warmTriageMemory } = createEngineWorker({ parts });

async function store(name: string): Promise<number> {
  const file = `${name}.loop.jsonl`;
  const [id] = await saveImport(file, await importSource(sourceFromText(file, bundledSampleText(name))), {}, db);
  return id;
}

const recommended = presetByName('recommended')!;
const chatloop = presetByName('chatloop')!;

describe('triageRuns', () => {
  beforeEach(() => parts.triage.clear());

  it('summarises each run by id, in the order asked, and replays it only once per config', async () => {
    const loop = await store('missing-path-ls-loop');
    const healthy = await store('healthy-docstrings');
    const first = await triageRuns([healthy, loop], recommended);
    expect(first.replayed).toBe(2);
    expect(first.rows.map((r) => [r.id, r.alarms, r.firstAlarm, r.stoppedAt, r.loops, r.f1])).toEqual([
      [healthy, 0, null, null, 0, null],
      [loop, 3, 8, null, 1, 1],
    ]);
    const again = await triageRuns([loop, healthy], recommended);
    expect(again.replayed).toBe(0);
    expect(again.rows.map((r) => r.id)).toEqual([loop, healthy]);
    // A tuned copy with the same settings under another name is the same config.
    expect((await triageRuns([loop], { ...recommended, name: 'mine', basedOn: 'recommended' })).replayed).toBe(0);
    const other = await triageRuns([loop, healthy], chatloop);
    expect(other.replayed).toBe(2);
    expect(other.rows.map((r) => [r.alarms, r.firstAlarm, r.stoppedAt])).toEqual([
      [19, 8, 10],
      [8, 9, 15],
    ]);
  });

  it("scores against the user's labels, read every time, without replaying again", async () => {
    const id = await store('same-error-forever');
    expect((await triageRuns([id], recommended)).rows[0]).toMatchObject({ caught: 1, falseAlarms: 0, f1: 1 });
    await saveLabels(id, [{ startTurn: 9, endTurn: 10, kind: 'loop' }]);
    const moved = await triageRuns([id], recommended);
    expect(moved.replayed).toBe(0);
    expect(moved.rows[0]).toMatchObject({ loops: 1, caught: 0, falseAlarms: 2, f1: 0 });
    await saveLabels(id, []);
    expect((await triageRuns([id], recommended)).rows[0]).toMatchObject({ labelled: false, f1: null, alarms: 2 });
  });

  it('a run that cannot be read is named with the reason; the others are still summarised', async () => {
    const bad = await store('judge-recorded');
    const good = await store('same-error-forever');
    // A chunk record that is not a turn list: the replay of that run throws.
    await db.turnChunks.put({ id: bad, n: 0, turns: [{ index: 1 } as never] });
    const out = await triageRuns([bad, good], recommended);
    expect(out.rows.map((r) => [r.id, r.alarms])).toEqual([[good, 2]]);
    expect(out.failed.map((f) => f.id)).toEqual([bad]);
    expect(out.failed[0].reason.length).toBeGreaterThan(0);
  });

  it('reads a batch of runs in one transaction exactly as one by one', async () => {
    const a = await store('swarm-global-doom-loop');
    const b = await store('healthy-docstrings');
    const many = await loadTranscripts([b, 99999, a]);
    expect(many).toEqual([await loadTranscript(b), undefined, await loadTranscript(a)]);
    expect(many[0]!.turns).toHaveLength(31);
  });

  it('names ids no longer in the library', async () => {
    const id = await store('judge-recorded');
    await deleteTranscript(id);
    const out = await triageRuns([id, 424242], recommended);
    expect(out).toMatchObject({ rows: [], missing: [id, 424242], failed: [], replayed: 0 });
  });

  it('a new session finds the digests stored in IndexedDB: no run is read or replayed again', async () => {
    const loop = await store('missing-path-ls-loop');
    const healthy = await store('healthy-docstrings');
    const first = await triageRuns([healthy, loop], recommended);
    parts.triage.clear(); // a reload: the worker's memory is empty
    const again = await triageRuns([healthy, loop], recommended);
    expect([again.replayed, again.stored, again.readMs]).toEqual([0, 2, 0]);
    expect(again.rows).toEqual(first.rows);
    // Another config is computed from the turns.
    parts.triage.clear();
    expect((await triageRuns([loop], chatloop)).replayed).toBe(1);
  });

  it('a stored digest of another engine version is not used; one of this version is', async () => {
    const id = await store('same-error-forever');
    const importedAt = (await db.transcripts.get(id))!.importedAt;
    const resolved = resolveConfig(recommended);
    const bogus = {
      turns: 1,
      alarms: 999,
      alarmTurns: [1],
      stoppedAt: null,
      loopsSeen: 1,
      warnedAt: 1,
      blockedAt: null,
    };
    await saveDigests(hashConfigKey(configKey(resolved, '0.0')), [{ id, importedAt, digest: bogus }]);
    const fresh = await triageRuns([id], recommended);
    expect([fresh.replayed, fresh.rows[0].alarms]).toEqual([1, 2]);
    parts.triage.clear();
    await saveDigests(hashConfigKey(configKey(resolved)), [{ id, importedAt, digest: bogus }]);
    const cached = await triageRuns([id], recommended);
    expect([cached.replayed, cached.stored, cached.rows[0].alarms]).toEqual([0, 1, 999]);
  });

  it('a run imported after a triage gets its digest under that config from the import', async () => {
    const first = await store('healthy-docstrings');
    await triageRuns([first], recommended);
    const id = await store('missing-path-ls-loop');
    const t = (await loadTranscript(id))!;
    await parts.triage.noteImported([{ id, importedAt: (await db.transcripts.get(id))!.importedAt, transcript: t }]);
    parts.triage.clear();
    const out = await triageRuns([id], recommended);
    expect([out.replayed, out.stored]).toEqual([0, 1]);
    expect(out.rows.map((r) => [r.alarms, r.firstAlarm, r.f1])).toEqual([[3, 8, 1]]);
  });

  it("an import worker told the library's config (it has triaged nothing) stores the new runs' digests", async () => {
    const id = await store('same-error-forever');
    const t = (await loadTranscript(id))!;
    const importedAt = (await db.transcripts.get(id))!.importedAt;
    await parts.triage.noteImported([{ id, importedAt, transcript: t }]);
    expect(await db.triage.where('id').equals(id).count()).toBe(0); // no config known: nothing
    noteTriageConfigs([chatloop, recommended]);
    await parts.triage.noteImported([{ id, importedAt, transcript: t }]);
    expect(await db.triage.where('id').equals(id).count()).toBe(2);
    parts.triage.clear();
    const out = await triageRuns([id], chatloop);
    expect([out.replayed, out.stored]).toEqual([0, 1]);
  });

  it('deleting a run deletes its stored digests', async () => {
    const id = await store('judge-recorded');
    await triageRuns([id], recommended);
    expect(await db.triage.where('id').equals(id).count()).toBe(1);
    await deleteTranscript(id);
    expect(await db.triage.where('id').equals(id).count()).toBe(0);
  });

  it('a threshold changed replays the runs read last from memory, not from IndexedDB', async () => {
    const loop = await store('missing-path-ls-loop');
    const healthy = await store('healthy-docstrings');
    const first = await triageRuns([loop, healthy], recommended);
    expect([first.replayed, first.fromMemory]).toEqual([2, 0]);
    const tuned = await triageRuns([loop, healthy], chatloop);
    expect([tuned.replayed, tuned.fromMemory, tuned.readMs]).toEqual([2, 2, 0]);
    expect(tuned.rows.map((r) => [r.alarms, r.firstAlarm, r.stoppedAt])).toEqual([
      [19, 8, 10],
      [8, 9, 15],
    ]);
  });

  it('the cached-only call lists the runs held in memory first, and forgets deleted runs', async () => {
    const a = await store('missing-path-ls-loop');
    const b = await store('healthy-docstrings');
    const c = await store('judge-recorded');
    await triageRuns([a], recommended);
    await triageRuns([c], recommended);
    expect(parts.triage.memoryIds()).toEqual([a, c]);
    const asked = await triageRuns([a, b, c], chatloop, { cachedOnly: true, database: db });
    expect(asked.uncached).toEqual([a, c, b]);
    await deleteTranscript(c);
    // The library asks for all its runs: c is no longer among them.
    await triageRuns([a, b], chatloop, { cachedOnly: true, database: db });
    expect(parts.triage.memoryIds()).toEqual([a]);
  });

  it('warming reads runs answered from stored digests into memory: the next config reads no turns', async () => {
    const a = await store('missing-path-ls-loop');
    const b = await store('healthy-docstrings');
    await triageRuns([a, b], recommended);
    parts.triage.clear(); // a reload: digests stored, nothing in memory
    expect((await triageRuns([a, b], recommended, { cachedOnly: true, database: db })).stored).toBe(2);
    expect(parts.triage.memoryIds()).toEqual([]);
    expect(await warmTriageMemory([a, b])).toBe(true);
    expect(parts.triage.memoryIds()).toEqual([a, b]);
    const tuned = await triageRuns([a, b], chatloop);
    expect([tuned.replayed, tuned.fromMemory, tuned.readMs]).toEqual([2, 2, 0]);
  });

  it('a re-imported run (another import time) is read again, not replayed from its old copy', async () => {
    const id = await store('missing-path-ls-loop');
    await triageRuns([id], recommended);
    await db.transcripts.update(id, { importedAt: Date.now() + 1000 });
    const again = await triageRuns([id], chatloop);
    expect([again.replayed, again.fromMemory]).toEqual([1, 0]);
    expect(parts.triage.memoryIds()).toEqual([id]);
  });
});

describe('configKey', () => {
  it('the triage cache key is the engine version and the settings key, hashed as stored digests were', () => {
    const mine = resolveConfig({
      ...presetByName('chatloop')!,
      name: 'Mine',
      basedOn: 'chatloop',
      countAction: 'block',
    });
    expect(configKey(mine, '3.2')).toBe(`3.2|${settingsKey(mine)}`);
    // The keys digests were stored under by earlier builds: changed, those digests are never found.
    expect(hashConfigKey(configKey(mine, '3.2'))).toBe('fleh8d.j9ghlh.42j');
    expect(hashConfigKey(configKey(resolveConfig(presetByName('recommended')!), '3.2'))).toBe('16lxfsg.cxmrf0.41z');
  });
});
