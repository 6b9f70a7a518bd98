import { describe, expect, it } from 'vitest';
import type { Label } from '../model/transcript';
import { emptyMetrics, evaluate, falseAlarmEpisodes, mergeMetrics, summarize, type Metrics } from './evaluate';
import { presetByName } from './presets/index';
import { replay, type ReplayResult } from './replay';
import { sweep } from './sweep';
import { call, transcriptOf } from './test-util';
import type { Action, DetectorEvent, DetectorId } from './types';

const LOOP: Label = { startTurn: 4, endTurn: 6, kind: 'loop' };

/** Ten text turns of 10 + 1 tokens each, turns 4..6 labelled loop. */
function tenTurns(labels: Label[] = [LOOP]) {
  return transcriptOf(
    Array.from({ length: 10 }, (_, i) => ({ text: `turn ${i + 1}`, tokens: { input: 10, output: 1 } })),
    labels,
  );
}

/** The same ten turns, only turns listed in `known` carrying token counts (10 + 1). */
function tenTurnsTokensOn(known: number[], labels: Label[] = [LOOP]) {
  return transcriptOf(
    Array.from({ length: 10 }, (_, i) =>
      known.includes(i + 1) ? { text: `turn ${i + 1}`, tokens: { input: 10, output: 1 } } : `turn ${i + 1}`,
    ),
    labels,
  );
}

function ev(turn: number, action: Action, detector: DetectorId = 'exact-repeat'): DetectorEvent {
  return { turn, detector, action, level: 1, message: '' };
}

/** A replay result whose stoppedAt is the first terminate, as replay() sets it. */
function resultOf(events: DetectorEvent[]): ReplayResult {
  const first = events.find((e) => e.action === 'terminate');
  return {
    turns: 10,
    calls: 0,
    events,
    checks: [],
    cycles: [],
    stoppedAt: first ? { turn: first.turn } : null,
    fingerprints: { top: [], timeline: [] } as unknown as ReplayResult['fingerprints'],
  };
}

const warnsAt = (...turns: number[]) => resultOf(turns.map((t) => ev(t, 'warn')));

describe('evaluate', () => {
  it('counts alarms in and out of spans, caught spans, false-alarm episodes, latency and tokens wasted', () => {
    const m = evaluate(resultOf([ev(2, 'warn'), ev(5, 'warn'), ev(6, 'block')]), tenTurns());
    expect(m).toEqual({
      ...emptyMetrics(),
      transcripts: 1,
      alarms: 3,
      alarmsInSpans: 2,
      alarmsOutsideSpans: 1,
      fp: 1,
      spans: 1,
      caught: 1,
      latencySum: 1, // span starts at 4, first alarm at 5
      latencyCount: 1,
      wastedTurns: 1, // turn 4 only
      wastedTurnsWithTokens: 1,
      wastedTokenSum: 11,
    });
    expect(summarize(m)).toMatchObject({ precision: 0.5, recall: 1, tokensWasted: 11, tokensSaved: 0 });
    // caught 1, false alarms 1: precision 1/2, recall 1, F1 2·0.5·1 / 1.5 = 2/3.
    expect(summarize(m).f1).toBeCloseTo(2 / 3, 12);
  });

  it('outside alarms at most 2 turns apart are one false alarm; 3 apart are two', () => {
    // Turns 1, 3 (gap 2) join; 3 → 7 is a gap of 4; 7, 9 (gap 2) join; 9 → 12 (gap 3) splits.
    expect(falseAlarmEpisodes([12, 1, 3, 9, 7])).toEqual([
      { startTurn: 1, endTurn: 3 },
      { startTurn: 7, endTurn: 9 },
      { startTurn: 12, endTurn: 12 },
    ]);
    expect(falseAlarmEpisodes([])).toEqual([]);
    // Several alarms on one turn (several detectors) are one episode.
    expect(falseAlarmEpisodes([2, 2, 2])).toEqual([{ startTurn: 2, endTurn: 2 }]);
    const clean = tenTurns([]);
    expect(evaluate(warnsAt(1, 3), clean).fp).toBe(1); // gap 2 joins
    expect(evaluate(warnsAt(1, 4), clean).fp).toBe(2); // gap 3 splits
    // Polling flagged on 5 consecutive turns is 1 false alarm, not 5.
    const polling = evaluate(warnsAt(2, 3, 4, 5, 6), clean);
    expect([polling.alarms, polling.alarmsOutsideSpans, polling.fp]).toEqual([5, 5, 1]);
    // Alarms inside the span (4..6) are not part of any episode: 2 and 8 are 6 turns apart.
    const around = evaluate(warnsAt(2, 4, 5, 6, 8), tenTurns());
    expect([around.alarmsInSpans, around.alarmsOutsideSpans, around.fp, around.caught]).toEqual([3, 2, 2, 1]);
  });

  it('a clean transcript (no loop span) that raises any alarm is flagged', () => {
    const progress: Label[] = [{ startTurn: 1, endTurn: 10, kind: 'progress' }];
    const flagged = evaluate(warnsAt(7), tenTurns(progress));
    expect([flagged.clean, flagged.cleanFlagged, flagged.spans, flagged.fp]).toEqual([1, 1, 0, 1]);
    const quiet = evaluate(warnsAt(), tenTurns(progress));
    expect([quiet.clean, quiet.cleanFlagged]).toEqual([1, 0]);
    // A transcript with a loop span is not clean, whatever it raises.
    const looped = evaluate(warnsAt(1), tenTurns());
    expect([looped.clean, looped.cleanFlagged]).toEqual([0, 0]);
    // Without spans there is no recall, hence no F1; precision is 0 (one false alarm, nothing caught).
    expect(summarize(flagged)).toMatchObject({ precision: 0, recall: null, f1: null });
  });

  it('a stop outside every span is one premature stop; terminates after it add nothing', () => {
    const m = evaluate(resultOf([ev(2, 'terminate'), ev(3, 'terminate'), ev(8, 'terminate')]), tenTurns());
    expect(m.prematureStops).toBe(1);
    expect([m.savedTurns, m.savedTokenSum]).toEqual([8, 8 * 11]); // turns 3..10
    expect(m.alarmsOutsideSpans).toBe(3);
    expect(m.fp).toBe(2); // turns 2-3, then turn 8
  });

  it('a stop inside a span is not premature, even when later terminates fall outside', () => {
    const m = evaluate(resultOf([ev(5, 'terminate'), ev(8, 'terminate'), ev(9, 'terminate')]), tenTurns());
    expect(m.prematureStops).toBe(0);
    expect(m.caught).toBe(1);
    expect(m.fp).toBe(1); // 8 and 9 are one episode
    expect(summarize(m).tokensSaved).toBe(5 * 11); // turns 6..10
  });

  it('no terminate: no premature stop and nothing saved', () => {
    const m = evaluate(resultOf([ev(2, 'warn')]), tenTurns());
    expect(m.prematureStops).toBe(0);
    expect(summarize(m).tokensSaved).toBe(0);
    expect(m.missed).toBe(1);
    expect(summarize(m).tokensWasted).toBe(33); // all of turns 4..6
    expect(summarize(m).f1).toBe(0); // a loop, none caught: 0, not undefined
  });

  it('unknown token counts give null tokens, not 0; partly known turns give the known sum', () => {
    // Missed span 4..6 and a stop at 2 (turns 3..10 saved), no turn with token counts.
    const r = resultOf([ev(2, 'terminate')]);
    const none = summarize(evaluate(r, tenTurnsTokensOn([])));
    expect([none.wastedTurns, none.wastedTurnsWithTokens, none.tokensWasted]).toEqual([3, 0, null]);
    expect([none.savedTurns, none.savedTurnsWithTokens, none.tokensSaved]).toEqual([8, 0, null]);
    // Only turns 5 and 9 known: wasted 11 (turn 5), saved 22 (turns 5 and 9).
    const some = summarize(evaluate(r, tenTurnsTokensOn([5, 9])));
    expect([some.wastedTurnsWithTokens, some.tokensWasted, some.savedTurnsWithTokens, some.tokensSaved]).toEqual([
      1, 11, 2, 22,
    ]);
    // Nothing wasted (caught at the span's first turn) and no stop: 0, even without token data.
    const nothing = summarize(evaluate(warnsAt(4), tenTurnsTokensOn([])));
    expect([nothing.tokensWasted, nothing.tokensSaved]).toEqual([0, 0]);
    // Merged with a transcript that has counts, the known tokens are the sum.
    const merged = summarize(mergeMetrics(evaluate(r, tenTurnsTokensOn([])), evaluate(r, tenTurns())));
    expect([merged.tokensWasted, merged.tokensSaved]).toEqual([33, 88]);
  });

  it('per detector: only that detector’s alarms and first terminate count', () => {
    const events = [ev(5, 'terminate', 'cycle'), ev(7, 'terminate', 'pattern'), ev(9, 'terminate', 'pattern')];
    const r = resultOf(events);
    const pattern = evaluate(r, tenTurns(), { detector: 'pattern' });
    expect(pattern.prematureStops).toBe(1);
    expect(pattern.savedTokenSum).toBe(3 * 11); // turns 8..10
    expect([pattern.alarms, pattern.fp, pattern.caught]).toEqual([2, 1, 0]);
    const cycle = evaluate(r, tenTurns(), { detector: 'cycle' });
    expect(cycle.prematureStops).toBe(0);
    expect(cycle.savedTokenSum).toBe(5 * 11);
    // The whole run stops at turn 5 (inside the span).
    expect(evaluate(r, tenTurns()).prematureStops).toBe(0);
  });

  it('without loop labels every stop is premature (still at most one)', () => {
    const m = evaluate(resultOf([ev(5, 'terminate'), ev(6, 'terminate')]), tenTurns([]));
    expect(m.prematureStops).toBe(1);
    expect(m.spans).toBe(0);
  });

  it('the counted action decides what is an alarm', () => {
    const m = evaluate(resultOf([ev(2, 'warn'), ev(5, 'block')]), tenTurns(), { countAction: 'block' });
    expect([m.alarms, m.alarmsInSpans, m.fp]).toEqual([1, 1, 0]);
  });
});

describe('mergeMetrics and summarize', () => {
  it('adds counts, then derives ratios from the sums', () => {
    const a = evaluate(resultOf([ev(2, 'terminate'), ev(5, 'warn')]), tenTurns());
    const b = evaluate(resultOf([ev(9, 'warn')]), tenTurns());
    const s = summarize(mergeMetrics(a, b));
    expect(s).toMatchObject({
      transcripts: 2,
      alarms: 3,
      alarmsInSpans: 1,
      alarmsOutsideSpans: 2,
      fp: 2,
      spans: 2,
      caught: 1,
      missed: 1,
      prematureStops: 1,
    });
    // caught 1, false alarms 2, spans 2: precision 1/3, recall 1/2, F1 2/(3+2) = 0.4.
    expect(s.precision).toBeCloseTo(1 / 3, 10);
    expect(s.recall).toBe(0.5);
    expect(s.f1).toBeCloseTo(0.4, 10);
    expect(s.meanLatency).toBe(1);
  });

  it('ratios are null without alarms or spans', () => {
    const s = summarize(emptyMetrics());
    expect([s.precision, s.recall, s.f1, s.meanLatency, s.tokensWasted, s.tokensSaved]).toEqual([
      null,
      null,
      null,
      null,
      0,
      0,
    ]);
  });

  it('additive: per-transcript metrics merged equal the evaluation of the set, in any grouping', () => {
    const ls = call('ls', { path: 'src' });
    const set = [
      transcriptOf(
        Array.from({ length: 8 }, () => ls),
        [{ startTurn: 3, endTurn: 8, kind: 'loop' }],
      ),
      transcriptOf(
        Array.from({ length: 6 }, () => ls),
        [{ startTurn: 1, endTurn: 6, kind: 'progress' }],
      ),
      transcriptOf([call('a'), call('b'), call('c'), ls, ls, ls, ls], [{ startTurn: 1, endTurn: 2, kind: 'loop' }]),
    ];
    const config = presetByName('chatloop')!;
    const each = set.map((t) => evaluate(replay(t, config), t));
    const merged = each.reduce(mergeMetrics, emptyMetrics());
    const [whole] = sweep(set, config, 'detectors.exact-repeat.maxDuplicates', [2]);
    expect(whole.metrics).toEqual(summarize(merged));
    // Shards merge in any order and grouping (the CLI totals, the library compare).
    const shard1 = mergeMetrics(each[0], each[1]);
    const shard2 = mergeMetrics(each[2], emptyMetrics());
    expect(mergeMetrics(shard2, shard1)).toEqual(merged);
    // Summaries merge like counts: their derived fields are dropped.
    expect(mergeMetrics(summarize(shard1), summarize(shard2))).toEqual(merged);
    expect(Object.keys(mergeMetrics(summarize(shard1), shard2)).sort()).toEqual(
      Object.keys(emptyMetrics() as Metrics).sort(),
    );
    // Exact values. chatloop: exact-repeat warns on the 3rd+ copy, pattern on repeated halves.
    // Run 1 (8 × ls, loop 3..8): alarms from turn 3 on, all inside: caught, latency 0.
    // Run 2 (6 × ls, progress only): clean, flagged; its alarms on turns 3..6 are one episode.
    // Run 3 (a b c then 4 × ls, loop 1..2): the ls alarms on turns 6-7 lie outside the loop,
    // one episode; the loop itself is missed.
    // Run 2 stops on its 5th ls (premature); run 1 stops inside its loop.
    expect(merged).toMatchObject({
      transcripts: 3,
      alarms: 21, // 11 + 7 + 3
      alarmsInSpans: 11,
      spans: 2,
      caught: 1,
      missed: 1,
      fp: 2,
      clean: 1,
      cleanFlagged: 1,
      prematureStops: 1,
    });
    const s = summarize(merged);
    // These transcripts carry no token counts: wasted (run 3's turns 1-2) and saved are unknown.
    expect([s.tokensWasted, s.tokensSaved]).toEqual([null, null]);
    // precision 1/3, recall 1/2: F1 = 2·1 / (2·1 + 2 + 1) = 0.4.
    expect(s.f1).toBeCloseTo(0.4, 12);
  });
});
