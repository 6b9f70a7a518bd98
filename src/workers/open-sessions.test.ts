/**
 * A session opened by id in the worker (read from IndexedDB there) replays exactly what a
 * session built from the transcript the page used to send replayed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareConfigs, comparePresets, metricsOf } from '../engine/compare';
import { resolveConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';
import { ReplaySession } from '../engine/replay-session';
import { importSource } from '../import/index';
import { sourceFromText } from '../import/source';
import { db } from '../persistence/db';
import { saveLabels } from '../persistence/labels';
import { loadTranscript, saveImport } from '../persistence/transcripts';
import { toPageResult } from './to-page-result';
import { rowStarts, rowWindow as cutRows } from './rows';
import { createEngineWorker } from './engine-api';
import { engineParts } from './engine-parts';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const parts = engineParts();
const { compareSession, compareStored, openSession, runSession, exportJsonl, rowWindow, turnAt } = createEngineWorker({
  parts,
});

const sample = (name: string) => readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');

async function store(name: string) {
  const result = await importSource(sourceFromText(name, sample(name)));
  const [id] = await saveImport(name, result, {}, db);
  return id;
}

describe('openSession by id', () => {
  it("counts an unlabelled run's alarms, their turns and the loops seen at the replayed config's count action", async () => {
    const id = await store('missing-path-ls-loop.loop.jsonl');
    await openSession(id);
    const gemini = presetByName('gemini-cli')!;
    // Its cycle detector warns at turn 10 and blocks at 11 to 17: one loop either way.
    const warned = runSession(id, { ...gemini, countAction: 'warn' }, []);
    expect([warned.metrics, warned.counts]).toEqual([null, { alarms: 8, loopsSeen: 1 }]);
    expect(warned.alarmTurns).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    const blocked = runSession(id, { ...gemini, countAction: 'block' }, []);
    expect([blocked.counts, blocked.alarmTurns]).toEqual([{ alarms: 7, loopsSeen: 1 }, [11, 12, 13, 14, 15, 16, 17]]);
  });

  it('replays the same events and metrics as a session over the transcript the page sent', async () => {
    const id = await store('missing-path-ls-loop.loop.jsonl');
    const t = (await loadTranscript(id, db))!;
    const info = await openSession(id);
    expect([info.turns, info.rows, info.judgeLines, info.labels]).toEqual([18, 18, 0, t.labels]);
    for (const name of ['doom-loop', 'chatloop', 'cycle-escalation']) {
      const config = presetByName(name)!;
      const before = new ReplaySession(t).run(resolveConfig(config));
      const now = runSession(id, config, t.labels);
      expect(before.events.length).toBeGreaterThan(0);
      expect(now.result).toEqual(toPageResult(before));
      expect(now.metrics).toEqual(metricsOf(before, t, resolveConfig(config).countAction));
    }
  });

  it('compares presets as over the sent transcript, and names an id that is not in the library', async () => {
    const id = await store('same-error-forever.loop.jsonl');
    const t = (await loadTranscript(id, db))!;
    const mine = [{ startTurn: 1, endTurn: 2, kind: 'loop' as const }];
    await saveLabels(id, mine);
    await openSession(id);
    const rows = compareSession(id, mine);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows).toEqual(comparePresets(new ReplaySession({ ...t, labels: mine }), mine));
    expect(rows.every((r) => r.metrics.spans === 1)).toBe(true);
    await expect(openSession(98765)).rejects.toThrow('transcript 98765 is not in the library');
  });

  it('answers the page with windows: rows, one turn, the file; and compares a stored run by id', async () => {
    const id = await store('same-error-forever.loop.jsonl');
    const t = (await loadTranscript(id, db))!;
    const info = await openSession(id);
    const all = cutRows(t.turns, rowStarts(t.turns), 0, info.rows);
    expect([...info.rowStarts]).toEqual([...rowStarts(t.turns)]);
    expect(rowWindow(id, 2, 5)).toEqual(all.slice(2, 5));
    expect(turnAt(id, 3)).toEqual(t.turns[2]);
    expect(turnAt(id, t.turns.length + 1)).toBeUndefined();
    const mine = [{ startTurn: 2, endTurn: 3, kind: 'loop' as const }];
    const text = await exportJsonl(id, mine).text();
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThan(t.turns.length);
    expect(text).toContain('"startTurn":2');
    // By id: without labels, marked unlabelled (only its alarms and stops count); with the page's
    // labels, what a session over them gives; null when gone from the library.
    const bare = await compareStored(id, []);
    expect(bare?.labelled).toBe(false);
    expect(bare?.rows).toEqual(comparePresets(new ReplaySession({ ...t, labels: [] }), []));
    expect(await compareStored(id, mine)).toEqual({
      rows: comparePresets(new ReplaySession({ ...t, labels: mine }), mine),
      judgeLines: t.judge.length,
      labelled: true,
    });
    expect(await compareStored(424242, mine)).toBeNull();
    // Extra configs follow the presets under their row names; the presets' rows come from the cache.
    const tuned = { ...presetByName('chatloop')!, detectors: { ...presetByName('chatloop')!.detectors } };
    tuned.detectors['exact-repeat'] = { ...tuned.detectors['exact-repeat'], maxDuplicates: 5 };
    const withYours = await compareStored(id, mine, [{ name: 'Your config', config: tuned }]);
    const session = new ReplaySession({ ...t, labels: mine });
    expect(withYours?.rows).toEqual([
      ...comparePresets(session, mine),
      ...compareConfigs(session, mine, [{ name: 'Your config', config: tuned }]),
    ]);
    expect(withYours?.rows.at(-1)?.preset).toBe('Your config');
  });

  it('a reopen keeps the open session (with the labels read again) unless the library row changed', async () => {
    const id = await store('same-error-forever.loop.jsonl');
    await openSession(id);
    const first = parts.sessions.opened(id).session;
    const mine = [{ startTurn: 4, endTurn: 6, kind: 'loop' as const }];
    await saveLabels(id, mine);
    const again = await openSession(id);
    expect(parts.sessions.opened(id).session).toBe(first);
    expect(again.labels).toEqual(mine);
    // Another import under the same id (a reset library): read afresh.
    await db.transcripts.update(id, { importedAt: 1 });
    await openSession(id);
    expect(parts.sessions.opened(id).session).not.toBe(first);
  });
});
