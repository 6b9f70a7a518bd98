/**
 * Triage in the worker: runs read from IndexedDB by id, one summary each; the replay is cached per
 * config (labels are re-read every time), and a run gone from the library is named as missing.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { presetByName } from '../engine/presets/index';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { db } from '../persistence/db';
import { saveLabels } from '../persistence/labels';
import { deleteTranscript, loadTranscript, loadTranscripts, saveImport } from '../persistence/transcripts';
import { clearTriageCache, triageRuns } from './triage';

async function store(name: string): Promise<number> {
  const file = `${name}.loop.jsonl`;
  const text = readFileSync(new URL(`../samples/${file}`, import.meta.url), 'utf8');
  const [id] = await saveImport(file, await importSource(sourceFromText(file, text)), {}, db);
  return id;
}

const recommended = presetByName('recommended')!;
const chatloop = presetByName('chatloop')!;

describe('triageRuns', () => {
  beforeEach(() => clearTriageCache());

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
});
