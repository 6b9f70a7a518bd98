import { describe, expect, it } from 'vitest';
import type { Label } from '../model/transcript';
import { emptyMetrics, evaluate, mergeMetrics, summarize } from './evaluate';
import type { ReplayResult } from './replay';
import { transcriptOf } from './test-util';
import type { Action, DetectorEvent, DetectorId } from './types';

const LOOP: Label = { startTurn: 4, endTurn: 6, kind: 'loop' };

/** Ten text turns of 10 + 1 tokens each, turns 4..6 labelled loop. */
function tenTurns(labels: Label[] = [LOOP]) {
  return transcriptOf(
    Array.from({ length: 10 }, (_, i) => ({ text: `turn ${i + 1}`, tokens: { input: 10, output: 1 } })),
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

describe('evaluate', () => {
  it('counts alarms in and out of spans, latency and tokens wasted', () => {
    const m = evaluate(resultOf([ev(2, 'warn'), ev(5, 'warn'), ev(6, 'block')]), tenTurns());
    expect(m).toEqual({
      ...emptyMetrics(),
      transcripts: 1,
      alarms: 3,
      tp: 2,
      fp: 1,
      spans: 1,
      caught: 1,
      missed: 0,
      latencySum: 1,
      latencyCount: 1,
      tokensWasted: 11, // turn 4 only
    });
  });

  it('a stop outside every span is one premature stop; terminates after it add nothing', () => {
    const m = evaluate(resultOf([ev(2, 'terminate'), ev(3, 'terminate'), ev(8, 'terminate')]), tenTurns());
    expect(m.prematureStops).toBe(1);
    expect(m.tokensSaved).toBe(8 * 11); // turns 3..10
    expect(m.fp).toBe(3);
  });

  it('a stop inside a span is not premature, even when later terminates fall outside', () => {
    const m = evaluate(resultOf([ev(5, 'terminate'), ev(8, 'terminate'), ev(9, 'terminate')]), tenTurns());
    expect(m.prematureStops).toBe(0);
    expect(m.caught).toBe(1);
    expect(m.tokensSaved).toBe(5 * 11); // turns 6..10
  });

  it('no terminate: no premature stop and nothing saved', () => {
    const m = evaluate(resultOf([ev(2, 'warn')]), tenTurns());
    expect(m.prematureStops).toBe(0);
    expect(m.tokensSaved).toBe(0);
    expect(m.missed).toBe(1);
    expect(m.tokensWasted).toBe(33);
  });

  it('per detector: only that detector’s first terminate is its stop', () => {
    const events = [ev(5, 'terminate', 'cycle'), ev(7, 'terminate', 'pattern'), ev(9, 'terminate', 'pattern')];
    const r = resultOf(events);
    const pattern = evaluate(r, tenTurns(), { detector: 'pattern' });
    expect(pattern.prematureStops).toBe(1);
    expect(pattern.tokensSaved).toBe(3 * 11); // turns 8..10
    expect(pattern.alarms).toBe(2);
    const cycle = evaluate(r, tenTurns(), { detector: 'cycle' });
    expect(cycle.prematureStops).toBe(0);
    expect(cycle.tokensSaved).toBe(5 * 11);
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
    expect(m.alarms).toBe(1);
    expect(m.tp).toBe(1);
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
      tp: 1,
      fp: 2,
      spans: 2,
      caught: 1,
      missed: 1,
      prematureStops: 1,
    });
    expect(s.precision).toBeCloseTo(1 / 3, 10);
    expect(s.recall).toBe(0.5);
    expect(s.f1).toBeCloseTo(0.4, 10);
    expect(s.meanLatency).toBe(1);
  });

  it('ratios are null without alarms or spans', () => {
    const s = summarize(emptyMetrics());
    expect([s.precision, s.recall, s.f1, s.meanLatency]).toEqual([null, null, null, null]);
  });
});
