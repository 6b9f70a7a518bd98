import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, summarize } from '../../engine/evaluate';
import { compareLibrary, type LibraryProgress } from './library-compare';

/** Transcript i has i alarms under preset "p", all outside loops: one false-alarm episode, a clean run flagged. */
const rowsOf = (n: number): CompareRow[] => {
  return [
    {
      preset: 'p',
      metrics: summarize({
        ...emptyMetrics(),
        transcripts: 1,
        alarms: n,
        alarmsOutsideSpans: n,
        fp: 1,
        clean: 1,
        cleanFlagged: 1,
      }),
      stoppedAt: null,
    },
  ];
};

describe('compareLibrary', () => {
  it('sums labelled transcripts, leaves out unlabelled and missing ones, reports progress', async () => {
    const progress: LibraryProgress[] = [];
    const r = await compareLibrary({
      ids: [1, 2, 3, 4],
      // The worker answers null for 2 (no labels) and 4 (gone from the library); 3 has judge answers.
      compare: async (id) => (id === 2 || id === 4 ? null : { rows: rowsOf(id), judgeLines: id === 3 ? 1 : 0 }),
      onProgress: (p) => progress.push(p),
    });
    expect(r.cancelled).toBe(false);
    expect([r.done, r.total, r.measured, r.skipped]).toEqual([4, 4, 2, 2]);
    // Of the two summed, only transcript 3 has recorded judge answers.
    expect(r.withoutJudge).toBe(1);
    const sums = r.rows.map((x) => {
      const m = x.metrics;
      return [x.preset, x.labelled, m.transcripts, m.alarms, m.alarmsOutsideSpans, m.fp, m.clean, m.cleanFlagged];
    });
    // Transcripts 1 and 3: 1 + 3 alarms, one episode each, both clean and flagged.
    expect(sums).toEqual([['p', true, 2, 4, 4, 2, 2, 2]]);
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/4', '2/4', '3/4', '4/4']);
  });

  it('stops between transcripts when cancelled and keeps what it had', async () => {
    const ctl = new AbortController();
    const r = await compareLibrary({
      ids: [1, 2, 3],
      compare: async (id) => ({ rows: rowsOf(id), judgeLines: 0 }),
      onProgress: (p) => p.done === 1 && ctl.abort(),
      signal: ctl.signal,
    });
    expect(r.cancelled).toBe(true);
    expect([r.done, r.measured]).toEqual([1, 1]);
    expect(r.rows[0].metrics.alarms).toBe(1);
  });
});
