/**
 * The live run and the replay share JudgeLoop: for any answers, the answers written as judge
 * lines replay (recorded source) to exactly the events and checks of the live run
 * (openai-compatible source over its cache). No network: a fake fetch answers from a script.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { llmJudge } from '../detectors/llm-judge';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { memoryStore } from './cache-key';
import type { FetchLike } from './client';
import { runJudge } from './run';
import type { JudgeLoopParams } from './judge-loop';

// The llm-check schedule (the detector's defaults), warning before it terminates.
const { source: _source, ...judgeDefaults } = llmJudge.defaults;
const base: Omit<JudgeLoopParams, 'source'> = { ...judgeDefaults, actions: ['warn', 'terminate'] };

/** Answers by model in order; `null` is a malformed answer, `404` a missing model. */
function fakeFetch(script: Record<string, (number | null | 404)[]>): FetchLike {
  const seen = new Map<string, number>();
  return async (_url, init) => {
    const model = (JSON.parse(init.body) as { model: string }).model;
    const k = seen.get(model) ?? 0;
    seen.set(model, k + 1);
    const list = script[model] ?? [];
    const v = list[k % Math.max(1, list.length)] ?? 404;
    const body =
      v === 404
        ? JSON.stringify({ error: { message: 'no such model' } })
        : JSON.stringify({
            choices: [
              { message: { content: v === null ? 'no idea' : JSON.stringify({ unproductive_state_confidence: v }) } },
            ],
          });
    return { status: v === 404 ? 404 : 200, headers: { get: () => null }, text: async () => body };
  };
}

const conf = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0.9, 0.95, null));

describe('live run ≡ replay of its judge lines', () => {
  it('same events and checks for any answers, schedule and transcript length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 28, max: 90 }),
        fc.array(conf, { minLength: 1, maxLength: 12 }),
        fc.oneof(fc.array(conf, { minLength: 1, maxLength: 6 }), fc.constant<(number | null | 404)[]>([404])),
        fc.constantFrom<JudgeLoopParams['intervalScale']>('threshold', 'unit'),
        fc.boolean(),
        async (n, flash, pro, intervalScale, stopAtTerminate) => {
          const t = transcriptOf(Array.from({ length: n }, (_, i) => call('read', { p: i % 7 }, `r${i}`)));
          const params = { ...base, intervalScale };
          const r = await runJudge({
            transcript: t,
            params,
            endpoint: { baseUrl: 'http://127.0.0.1:1/v1', maxRetries: 0 },
            models: { flash: 'f', pro: 'p' },
            deps: { fetch: fakeFetch({ f: flash, p: pro }) },
            store: memoryStore(),
            stopAtTerminate,
          });
          const cfg = (source: string) => ({ detectors: { 'llm-judge': { enabled: true, ...params, source } } });
          const live = replay(t, cfg('openai-compatible'), { judgeCache: r.judgeCache });
          const recorded = replay({ ...t, judge: r.records }, cfg('recorded'));
          expect(recorded.events).toEqual(live.events);
          // Checks agree up to where the live run stopped asking (after it: not asked vs no line).
          const asked = live.checks.filter((c) => !c.notAsked).length;
          const strip = (cs: typeof live.checks) => cs.map(({ source: _s, notAsked: _n, ...c }) => c);
          expect(strip(recorded.checks.slice(0, asked))).toEqual(strip(live.checks.slice(0, asked)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
