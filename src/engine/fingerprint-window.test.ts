import { describe, expect, it } from 'vitest';
import type { Json } from '../model/transcript';
import { LazyCallView } from './call-view';
import { fingerprintWindow, topCountsAt } from './fingerprint-window';
import { FingerprintTracker } from './series';

/** turns[t - 1]: the calls of turn t as [name, args]. */
function run(turns: [string, Json][][]) {
  const views = turns.map((calls, i) =>
    calls.map(([name, args], j) => new LazyCallView(i + 1, j + 1, name, args, undefined, undefined)),
  );
  return { callsOf: (t: number) => views[t - 1] ?? [], views };
}

// read a at 1-6, ls twice at 5-8, grep once at 7, write at 9-10.
const turns: [string, Json][][] = Array.from({ length: 10 }, (_, i) => {
  const t = i + 1;
  const calls: [string, Json][] = [];
  if (t <= 6) calls.push(['read', { path: 'a' }]);
  if (t >= 5 && t <= 8) calls.push(['ls', {}], ['ls', {}]);
  if (t === 7) calls.push(['grep', { q: 'x' }]);
  if (t >= 9) calls.push(['write', { path: 'b' }]);
  return calls;
});

describe('fingerprint window', () => {
  const { callsOf } = run(turns);
  const view = (w: ReturnType<typeof fingerprintWindow>) =>
    w.bars.map((b) => [b.name, b.count, b.atTurn, [...b.lines]]);

  it('counts each fingerprint in turn ± radius, most calls first, with the calls at the cursor', () => {
    const w = fingerprintWindow(callsOf, 10, 7, 2);
    expect([w.from, w.to]).toEqual([5, 9]);
    expect(view(w)).toEqual([
      ['ls', 8, 2, [2, 4, 6, 8, 8]],
      ['read', 2, 0, [1, 2, 2, 2, 2]],
      ['grep', 1, 1, [0, 0, 1, 1, 1]],
      ['write', 1, 0, [0, 0, 0, 0, 1]],
    ]);
    expect(w.bars[0].fingerprint).toBe('ls:{}');
  });

  it('keeps a fingerprint called at the cursor in place of a less frequent one outside the top', () => {
    const w = fingerprintWindow(callsOf, 10, 7, 2, 2);
    expect(view(w)).toEqual([
      ['ls', 8, 2, [2, 4, 6, 8, 8]],
      ['grep', 1, 1, [0, 0, 1, 1, 1]],
    ]);
  });

  it('clips the window to the run', () => {
    const w = fingerprintWindow(callsOf, 10, 1, 3);
    expect([w.from, w.to]).toEqual([1, 4]);
    expect(view(w)).toEqual([['read', 4, 1, [1, 2, 3, 4]]]);
    const end = fingerprintWindow(callsOf, 10, 10, 1);
    expect([end.from, end.to]).toEqual([9, 10]);
    expect(view(end)).toEqual([['write', 2, 1, [1, 2]]]);
  });

  it('tells apart calls of one tool with other arguments', () => {
    const w = fingerprintWindow(
      run([
        [
          ['read', { path: 'a' }],
          ['read', { path: 'b' }],
          ['read', { path: 'a' }],
        ],
      ]).callsOf,
      1,
      1,
      0,
    );
    expect(w.bars.map((b) => [b.fingerprint, b.count])).toEqual([
      ['read:{"path":"a"}', 2],
      ['read:{"path":"b"}', 1],
    ]);
  });
});

describe('whole-run counts at the cursor', () => {
  // 2,500 turns: the series keeps every 3rd turn; the counts between samples are added exactly.
  const many: [string, Json][][] = Array.from({ length: 2500 }, (_, i) =>
    i % 5 === 0
      ? [
          ['ls', {}],
          ['ls', {}],
        ]
      : i % 4 === 2
        ? [['read', { path: 'a' }]]
        : [['cat', { n: i % 5 }]],
  );
  const { callsOf, views } = run(many);
  const tracker = new FingerprintTracker();
  views.forEach((calls, i) => calls.forEach((c) => tracker.add(c, i + 1)));
  const series = tracker.finish(2500);

  it('equals a count of every call up to the turn, between the sampled turns too', () => {
    expect(series.top.map((t) => t.name).slice(0, 2)).toEqual(['ls', 'read']);
    expect(series.timeline[0].turn).toBe(3);
    const brute = (turn: number) =>
      series.top.map(
        (t) =>
          views
            .slice(0, turn)
            .flat()
            .filter((c) => c.exact === t.fingerprint).length,
      );
    for (const turn of [1, 2, 3, 4, 11, 41, 1000, 2499, 2500])
      expect(topCountsAt(series, callsOf, turn)).toEqual(brute(turn));
    // Turn 11: ls at turns 1, 6 and 11 (two each), read at 3 and 7.
    expect(topCountsAt(series, callsOf, 11).slice(0, 2)).toEqual([6, 2]);
  });
});

describe('the whole-run series on a long run', () => {
  it('keeps one sample per bucket of ceil(turns / 1000) turns, at its last turn (the bucket max of a cumulative count)', () => {
    const tracker = new FingerprintTracker();
    const ls = new LazyCallView(1, 1, 'ls', {}, undefined, undefined);
    for (let t = 1; t <= 75_000; t++) if (t % 10 === 1) tracker.add(ls, t);
    const { timeline } = tracker.finish(75_000);
    expect(timeline).toHaveLength(1000);
    // Nothing before turn 75: the chart's last point at turns 11 or 41 is the worker's exact count.
    expect(timeline.slice(0, 2)).toEqual([
      { turn: 75, counts: [8] },
      { turn: 150, counts: [15] },
    ]);
    expect(timeline.at(-1)).toEqual({ turn: 75_000, counts: [7500] });
  });
});
