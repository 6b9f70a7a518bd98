/**
 * What an import's turn writes wait for, on short limits: the first replay (a macrotask after its
 * answer), else the idle limit when the page does not open the run, else the open limit when it
 * does; a release at once. The fingerprint cache write comes after the first metrics.
 */
import { describe, expect, it } from 'vitest';
import { ImportWaits } from './import-waits';
import type { ImportStateKind } from './import-lifecycle';

// Wide apart, so a busy machine's late timers do not blur which limit let the writes go.
const limits = { idleMs: 100, openMs: 400, cacheWriteMs: 200, quietMs: 150, maxChunkWaitMs: 300 };
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** An import of runs 1 and 2 whose rows are written and whose writes are held. */
function heldImport(waits: ImportWaits) {
  const imp = waits.begin('run.loop.jsonl');
  waits.send(imp, { type: 'parsed' });
  waits.send(imp, { type: 'rowsAdded', ids: [1, 2], hold: true });
  let free = false;
  void waits.waitForFirstReplay(imp).then(() => (free = true));
  return { imp, isFree: () => free };
}

describe('ImportWaits', () => {
  it('lets the writes go a macrotask after the first replay of one of its runs is answered, not of another run', async () => {
    const seen: ImportStateKind[] = [];
    const waits = new ImportWaits({ limits, onState: (s) => seen.push(s.kind) });
    const { isFree } = heldImport(waits);
    waits.pageOpened(2);
    waits.replayAnswered(9);
    await tick();
    expect(isFree()).toBe(false);
    waits.replayAnswered(2);
    // The answer leaves first: the writes go a macrotask later.
    expect(isFree()).toBe(false);
    await tick();
    expect(isFree()).toBe(true);
    expect(seen).toEqual(['reading', 'parsed', 'rowsWritten', 'opened', 'storing']);
  });

  it('writes anyway after the idle limit when the page does not open the run', async () => {
    const waits = new ImportWaits({ limits });
    const { imp, isFree } = heldImport(waits);
    await tick(20);
    expect(isFree()).toBe(false);
    await tick(150);
    expect([isFree(), imp.state.kind]).toEqual([true, 'storing']);
  });

  it('once opened, waits past the idle limit for the replay, up to the open limit', async () => {
    const waits = new ImportWaits({ limits });
    const { imp, isFree } = heldImport(waits);
    waits.pageOpened(1);
    await tick(200);
    expect([isFree(), imp.state.kind]).toEqual([false, 'opened']);
    await tick(300);
    expect([isFree(), imp.state.kind]).toEqual([true, 'storing']);
  });

  it('releases at once when the worker is retired, and only the run asked for on releaseRun', async () => {
    const waits = new ImportWaits({ limits });
    const first = heldImport(waits);
    const second = heldImport(waits);
    waits.releaseRun(7);
    await tick();
    expect([first.isFree(), second.isFree()]).toEqual([false, false]);
    waits.releaseAll();
    await tick();
    expect([first.isFree(), second.isFree()]).toEqual([true, true]);
    expect(waits.inProgress().map((s) => s.kind)).toEqual(['storing', 'storing']);
  });

  it('pauses the chunk writes while the user tunes, at most maxChunkWaitMs a chunk', async () => {
    const waits = new ImportWaits({ limits });
    let t = performance.now();
    await waits.quietWhileTuning();
    expect(performance.now() - t).toBeLessThan(100);
    waits.replayAnswered(1);
    t = performance.now();
    await waits.quietWhileTuning();
    expect(performance.now() - t).toBeGreaterThanOrEqual(145);
    // A user tuning without a pause: the chunk goes on after maxChunkWaitMs anyway.
    waits.replayAnswered(1);
    const tuning = setInterval(() => waits.replayAnswered(1), 10);
    t = performance.now();
    await waits.quietWhileTuning();
    clearInterval(tuning);
    const waited = performance.now() - t;
    expect(waited).toBeGreaterThanOrEqual(295);
    expect(waited).toBeLessThan(1000);
  });

  it('writes the fingerprint cache after the next replay is answered, else after cacheWriteMs', async () => {
    const waits = new ImportWaits({ limits });
    const written: string[] = [];
    waits.cacheWriteAfterFirstMetrics(async () => void written.push('first'));
    await tick(10);
    expect(written).toEqual([]);
    waits.replayAnswered(1);
    await tick();
    expect(written).toEqual(['first']);
    waits.cacheWriteAfterFirstMetrics(async () => void written.push('second'));
    await tick(250);
    expect(written).toEqual(['first', 'second']);
  });
});
