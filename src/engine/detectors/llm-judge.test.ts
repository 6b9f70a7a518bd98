import { describe, expect, it } from 'vitest';
import type { JudgeRecord, Transcript } from '../../model/transcript';
import type { EngineConfig } from '../config';
import { historyHash, prepareHistory } from '../judge/history';
import { judgeCacheKey, type JudgeCache } from '../judge/request';
import { adaptiveInterval, type ScheduleParams } from '../judge/schedule';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';

/** n turns, each one distinct call (legitimate progress), with the given judge lines. */
function turns(n: number, judge: JudgeRecord[] = [], extra: Record<number, TurnSpec> = {}): Transcript {
  const items = Array.from(
    { length: n },
    (_, i) => extra[i + 1] ?? call('read_file', { path: `src/f${i + 1}.ts` }, `body ${i + 1}`),
  );
  const t = transcriptOf(items);
  t.judge = judge;
  return t;
}

const flash = (turn: number, confidence: number, analysis?: string): JudgeRecord => ({
  turn,
  model: 'flash',
  confidence,
  analysis,
});
const pro = (turn: number, confidence: number, analysis?: string): JudgeRecord => ({
  turn,
  model: 'pro',
  confidence,
  analysis,
});

function cfg(params: Record<string, unknown> = {}): EngineConfig {
  return { detectors: { 'llm-judge': { enabled: true, ...params } } };
}

describe("llm-judge: the LLM-check design's testing scenarios (recorded source)", () => {
  it('1. High confidence from both models: Detection', () => {
    const r = replay(turns(40, [flash(30, 0.95, 'same read over and over'), pro(30, 0.97, 'stuck re-reading')]), cfg());
    expect(r.events).toEqual([
      {
        turn: 30,
        detector: 'llm-judge',
        action: 'terminate',
        level: 1,
        message:
          'Loop confirmed by the LLM judge at turn 30: flash 0.95, pro 0.97 (threshold 0.9). Analysis: stuck re-reading',
      },
    ]);
    expect(r.stoppedAt).toEqual({ turn: 30 });
    expect(r.checks.filter((c) => c.turn === 30)).toEqual([
      { turn: 30, model: 'flash', confidence: 0.95, nextInterval: 3, source: 'recorded' },
      { turn: 30, model: 'pro', confidence: 0.97, nextInterval: 3, source: 'recorded' },
    ]);
  });

  it('2. Low confidence from Flash: No detection (pro is not asked)', () => {
    const r = replay(turns(31, [flash(30, 0.3), pro(30, 0.99)]), cfg());
    expect(r.events).toEqual([]);
    expect(r.checks).toEqual([{ turn: 30, model: 'flash', confidence: 0.3, nextInterval: 3, source: 'recorded' }]);
  });

  it('3. Flash high, Pro low: No detection', () => {
    const r = replay(turns(31, [flash(30, 0.95), pro(30, 0.4)]), cfg());
    expect(r.events).toEqual([]);
    expect(r.checks.map((c) => [c.model, c.confidence])).toEqual([
      ['flash', 0.95],
      ['pro', 0.4],
    ]);
  });

  it('4. Flash high, Pro unavailable: Detection (trust Flash)', () => {
    const r = replay(turns(31, [flash(30, 0.95, 'looping')]), cfg());
    expect(r.events.map((e) => [e.turn, e.action, e.level, e.message])).toEqual([
      [
        30,
        'terminate',
        1,
        'Loop confirmed by the LLM judge at turn 30: flash 0.95, pro unavailable (trusting flash) (threshold 0.9). Analysis: looping',
      ],
    ]);
    expect(r.checks.map((c) => [c.model, c.confidence])).toEqual([
      ['flash', 0.95],
      ['pro', null],
    ]);
  });

  it('5. Confidence at exact threshold (0.9): Detection', () => {
    expect(replay(turns(31, [flash(30, 0.9), pro(30, 0.9)]), cfg()).events.map((e) => e.turn)).toEqual([30]);
    // Just below does not count, for either model.
    expect(replay(turns(31, [flash(30, 0.89), pro(30, 0.95)]), cfg()).events).toEqual([]);
    expect(replay(turns(31, [flash(30, 0.9), pro(30, 0.89)]), cfg()).events).toEqual([]);
  });
});

describe('llm-judge: schedule', () => {
  const P: ScheduleParams = {
    checkAfterTurns: 30,
    initialInterval: 3,
    minInterval: 5,
    maxInterval: 15,
    warmupChecks: 1,
    intervalScale: 'threshold',
    threshold: 0.9,
  };

  it('checks at 30, 33, then at the adaptive interval', () => {
    // 30: warm-up keeps 3. 33: c=0 → 15 → next 48. 48: c=0.8 → round(5 + 10·(1 − 0.8/0.9)) = 6 → next 54.
    // 54: flash 0.95, pro 0.45 → round(5 + 10·0.5) = 10 → next 64.
    const judge = [flash(30, 0.2), flash(33, 0), flash(48, 0.8), flash(54, 0.95), pro(54, 0.45), flash(64, 0.1)];
    const r = replay(turns(70, judge), cfg());
    expect(r.checks.map((c) => [c.turn, c.model, c.confidence, c.nextInterval])).toEqual([
      [30, 'flash', 0.2, 3],
      [33, 'flash', 0, 15],
      [48, 'flash', 0.8, 6],
      [54, 'flash', 0.95, 10],
      [54, 'pro', 0.45, 10],
      [64, 'flash', 0.1, 14],
    ]);
    expect(r.events).toEqual([]);
  });

  it('no checks before turn 30', () => {
    expect(replay(turns(29, [flash(10, 1), flash(29, 1)]), cfg()).checks).toEqual([]);
  });

  it('flash unavailable: no decision, the interval stays (every 3 turns)', () => {
    const r = replay(turns(40, [flash(35, 1)]), cfg());
    expect(r.checks.map((c) => [c.turn, c.confidence, c.nextInterval])).toEqual([
      [30, null, 3],
      [33, null, 3],
      [36, null, 3],
      [39, null, 3],
    ]);
    // The line at turn 35 is off the schedule and never read.
    expect(r.events).toEqual([]);
  });

  it('interval formula: threshold scale follows the worked example, unit scale the code', () => {
    expect(adaptiveInterval(0.9, P)).toBe(5);
    expect(adaptiveInterval(0, P)).toBe(15);
    expect(adaptiveInterval(0.45, P)).toBe(10);
    const unit = { ...P, intervalScale: 'unit' as const };
    expect(adaptiveInterval(0.9, unit)).toBe(6);
    expect(adaptiveInterval(0, unit)).toBe(15);
    expect(adaptiveInterval(1, unit)).toBe(5);
    expect(adaptiveInterval(0.85, unit)).toBe(7);
  });

  it('warmupChecks 0 and unit scale (Gemini CLI): the first check adapts', () => {
    const r = replay(
      turns(50, [flash(30, 0.5), flash(40, 0.5)]),
      cfg({ warmupChecks: 0, intervalScale: 'unit', initialInterval: 10 }),
    );
    expect(r.checks.map((c) => [c.turn, c.nextInterval])).toEqual([
      [30, 10],
      [40, 10],
      [50, 10],
    ]);
  });

  it('graduated actions: warn, then terminate at the next confirmed check', () => {
    const r = replay(
      turns(40, [flash(30, 0.95), flash(33, 0.99), pro(33, 0.99)]),
      cfg({ actions: ['warn', 'terminate'] }),
    );
    expect(r.events.map((e) => [e.turn, e.action, e.level])).toEqual([
      [30, 'warn', 1],
      [33, 'terminate', 2],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 33 });
  });

  it('resetOnUserMessage: a user prompt restarts the turn count', () => {
    const extra = {
      20: { before: [{ role: 'user' as const, text: 'now fix the tests' }], calls: [call('run_tests')] },
    };
    const judge = [flash(30, 0.99), flash(49, 0.99)];
    expect(replay(turns(50, judge, extra), cfg({ resetOnUserMessage: true })).checks.map((c) => c.turn)).toEqual([
      49, 49,
    ]);
    expect(replay(turns(50, judge, extra), cfg()).checks.map((c) => c.turn)[0]).toBe(30);
    // Gemini CLI's own recovery message does not start a new prompt.
    const nudge = { 20: { before: [{ role: 'user' as const, text: 'System: Potential loop detected. Details: x.' }] } };
    expect(replay(turns(31, judge, nudge), cfg({ resetOnUserMessage: true })).checks[0].turn).toBe(30);
  });
});

describe('llm-judge: heuristic source (a stand-in, not an LLM)', () => {
  const loop = (n: number, from: number) =>
    transcriptOf(
      Array.from({ length: n }, (_, i) =>
        i + 1 >= from ? call('read_file', { path: 'a.ts' }, 'same') : call('ls', { path: `d${i}` }, 'x'),
      ),
    );

  it('a loop from turn 21: 8/9 at turn 30 (no), 9/9 at turn 33 (detection)', () => {
    const r = replay(loop(40, 21), cfg({ source: 'heuristic' }));
    expect(
      r.checks.map((c) => [c.turn, c.model, Math.round((c.confidence ?? -1) * 1000) / 1000, c.nextInterval, c.source]),
    ).toEqual([
      [30, 'flash', 0.889, 3, 'heuristic'],
      [33, 'flash', 1, 3, 'heuristic'],
      [36, 'flash', 1, 3, 'heuristic'],
      [39, 'flash', 1, 3, 'heuristic'],
    ]);
    expect(r.events[0]).toEqual({
      turn: 33,
      detector: 'llm-judge',
      action: 'terminate',
      level: 1,
      message:
        'Loop confirmed by the heuristic stand-in (not an LLM) at turn 33: score 1 (threshold 0.9). Analysis: heuristic stand-in, not an LLM: the last 9 of 9 assistant turns repeat with period 1 (read_file).',
    });
  });

  it('an alternation is a period-2 repeat', () => {
    const t = transcriptOf(
      Array.from({ length: 31 }, (_, i) => (i % 2 ? call('edit', { path: 'a', s: 'x' }) : call('test', {}))),
    );
    expect(replay(t, cfg({ source: 'heuristic' })).events.map((e) => e.turn)).toEqual([30]);
  });

  it('legitimate progress scores 0 at every check', () => {
    const r = replay(turns(80), cfg({ source: 'heuristic' }));
    expect(r.checks.length).toBeGreaterThan(3);
    expect(r.checks.every((c) => c.confidence === 0)).toBe(true);
    expect(r.events).toEqual([]);
  });
});

describe('llm-judge: openai-compatible source (cache only, no network)', () => {
  const models = { flash: 'gpt-4o-mini', pro: 'gpt-4o' };
  const hash30 = historyHash(prepareHistory(turns(31), 30, 20));

  it('reads answers by model + history hash', () => {
    const cache: JudgeCache = {
      models,
      answers: {
        [judgeCacheKey('gpt-4o-mini', hash30)]: { confidence: 0.93, analysis: 'a' },
        [judgeCacheKey('gpt-4o', hash30)]: { confidence: 0.91, analysis: 'b' },
      },
    };
    const r = replay(turns(31), cfg({ source: 'openai-compatible' }), { judgeCache: cache });
    expect(r.checks.map((c) => [c.model, c.confidence, c.source])).toEqual([
      ['flash', 0.93, 'openai-compatible'],
      ['pro', 0.91, 'openai-compatible'],
    ]);
    expect(r.events.map((e) => e.message)).toEqual([
      'Loop confirmed by the LLM judge at turn 30: flash 0.93, pro 0.91 (threshold 0.9). Analysis: b',
    ]);
  });

  it('no cache entry: not asked yet (null, marked notAsked); a failed answer: unavailable; no decision', () => {
    expect(replay(turns(31), cfg({ source: 'openai-compatible' })).checks).toEqual([
      { turn: 30, model: 'flash', confidence: null, nextInterval: 3, source: 'openai-compatible', notAsked: true },
    ]);
    const failed: JudgeCache = { models, answers: { [judgeCacheKey('gpt-4o-mini', hash30)]: null } };
    expect(replay(turns(31), cfg({ source: 'openai-compatible' }), { judgeCache: failed }).checks).toEqual([
      { turn: 30, model: 'flash', confidence: null, nextInterval: 3, source: 'openai-compatible' },
    ]);
  });

  it('flash confident and pro never asked: no decision yet (an unasked pro is not "unavailable")', () => {
    const cache: JudgeCache = { models, answers: { [judgeCacheKey('gpt-4o-mini', hash30)]: { confidence: 0.95 } } };
    const r = replay(turns(31), cfg({ source: 'openai-compatible' }), { judgeCache: cache });
    expect(r.events).toEqual([]);
    expect(r.checks.map((c) => [c.model, c.confidence, c.notAsked ?? false])).toEqual([
      ['flash', 0.95, false],
      ['pro', null, true],
    ]);
  });
});
