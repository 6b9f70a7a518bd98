import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, summarize } from '../../engine/evaluate';
import { YOUR_CONFIG } from './compare-rows';
import { compareLibrary, type LibraryProgress } from './library-compare';

/** `n` alarms under row `name`, all outside loops: one false-alarm episode, a clean run flagged. */
const rowOf = (name: string, n: number, stoppedAt: number | null = null): CompareRow => ({
  preset: name,
  metrics: summarize({
    ...emptyMetrics(),
    transcripts: 1,
    alarms: n,
    alarmsOutsideSpans: n,
    fp: n > 0 ? 1 : 0,
    clean: 1,
    cleanFlagged: n > 0 ? 1 : 0,
  }),
  stoppedAt,
});

describe('compareLibrary', () => {
  it('sums labelled transcripts, counts unlabelled ones apart, leaves out missing ones, reports progress', async () => {
    const progress: LibraryProgress[] = [];
    const r = await compareLibrary({
      ids: [1, 2, 3, 4, 5],
      // 2 and 5 have no labels, 4 is gone from the library; 3 has judge answers.
      compare: async (id) => {
        if (id === 4) return null;
        if (id === 2) return { rows: [rowOf('p', 2, 7), rowOf(YOUR_CONFIG, 0)], judgeLines: 0, labelled: false };
        if (id === 5) return { rows: [rowOf('p', 0), rowOf(YOUR_CONFIG, 5, 3)], judgeLines: 0, labelled: false };
        return { rows: [rowOf('p', id), rowOf(YOUR_CONFIG, 1)], judgeLines: id === 3 ? 1 : 0, labelled: true };
      },
      info: new Map([[YOUR_CONFIG, { kind: 'yours' as const, basedOn: 'p' }]]),
      onProgress: (p) => progress.push(p),
    });
    expect(r.cancelled).toBe(false);
    expect([r.done, r.total, r.measured, r.unlabelled, r.skipped]).toEqual([5, 5, 2, 2, 1]);
    // Of the two summed, only transcript 3 has recorded judge answers.
    expect(r.withoutJudge).toBe(1);
    const sums = r.rows.map((x) => {
      const m = x.metrics;
      return [x.preset, x.kind, x.labelled, m.transcripts, m.alarms, m.fp, m.clean, m.cleanFlagged, x.unlabelled];
    });
    // Labelled 1 and 3: p 1 + 3 alarms, one episode each; your config 1 alarm each. Unlabelled 2
    // and 5: p 2 alarms on one run, stopped on one; your config 5 alarms on one run, stopped there.
    expect(sums).toEqual([
      ['p', 'preset', true, 2, 4, 2, 2, 2, { runs: 2, alarms: 2, alarmed: 1, stopped: 1 }],
      [YOUR_CONFIG, 'yours', true, 2, 2, 2, 2, 2, { runs: 2, alarms: 5, alarmed: 1, stopped: 1 }],
    ]);
    expect(r.rows[1].basedOn).toBe('p');
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
  });

  it('a library of unlabelled runs only: no labelled metrics, only the counts', async () => {
    const r = await compareLibrary({
      ids: [1],
      compare: async () => ({ rows: [rowOf('p', 3, 2)], judgeLines: 0, labelled: false }),
    });
    expect([r.measured, r.unlabelled]).toEqual([0, 1]);
    expect([r.rows[0].labelled, r.rows[0].metrics.transcripts, r.rows[0].unlabelled]).toEqual([
      false,
      0,
      { runs: 1, alarms: 3, alarmed: 1, stopped: 1 },
    ]);
  });

  it('stops between transcripts when cancelled and keeps what it had', async () => {
    const ctl = new AbortController();
    const r = await compareLibrary({
      ids: [1, 2, 3],
      compare: async (id) => ({ rows: [rowOf('p', id)], judgeLines: 0, labelled: true }),
      onProgress: (p) => p.done === 1 && ctl.abort(),
      signal: ctl.signal,
    });
    expect(r.cancelled).toBe(true);
    expect([r.done, r.measured]).toEqual([1, 1]);
    expect(r.rows[0].metrics.alarms).toBe(1);
    // No unlabelled run seen: no unlabelled counts on the rows.
    expect(r.rows[0].unlabelled).toBeUndefined();
  });
});
