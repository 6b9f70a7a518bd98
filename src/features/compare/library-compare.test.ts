import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, summarize } from '../../engine/evaluate';
import type { Label, Transcript } from '../../model/transcript';
import { compareLibrary, type LibraryProgress } from './library-compare';

const LOOP: Label = { startTurn: 1, endTurn: 2, kind: 'loop' };
const fakeT = (title: string, judge: unknown[] = []) =>
  ({ title, format: 'test', turns: [], labels: [], judge }) as unknown as Transcript;

/** Transcript i has i alarms under preset "p", all outside loops: one false-alarm episode, a clean run flagged. */
const compare = async (t: Transcript): Promise<CompareRow[]> => {
  const n = Number(t.title);
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
      load: async (id) =>
        id === 4 ? null : { transcript: fakeT(String(id), id === 3 ? [{}] : []), labels: id === 2 ? [] : [LOOP] },
      compare,
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
      load: async (id) => ({ transcript: fakeT(String(id)), labels: [LOOP] }),
      compare,
      onProgress: (p) => p.done === 1 && ctl.abort(),
      signal: ctl.signal,
    });
    expect(r.cancelled).toBe(true);
    expect([r.done, r.measured]).toEqual([1, 1]);
    expect(r.rows[0].metrics.alarms).toBe(1);
  });
});
