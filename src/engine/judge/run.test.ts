/**
 * The live judge run against a scripted OpenAI-compatible server on loopback (real HTTP, real
 * fetch): schedule, intervals and alarms follow the LLM-check design; the cache makes a second run silent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  completion,
  perModel,
  startJudgeStub,
  type JudgeStub,
  type StubScript,
} from '../../../scripts/judge-stub';
import type { Transcript } from '../../model/transcript';
import { presetByName } from '../presets/index';
import { replay } from '../replay';
import { call, transcriptOf } from '../test-util';
import { memoryStore } from './cache-key';
import type { ClientDeps, FetchLike } from './client';
import { estimateJudgeRun } from './estimate';
import { prepareHistory } from './history';
import { JUDGE_SYSTEM_PROMPT } from './prompt';
import { buildJudgeRequest } from './request';
import { runJudge, type JudgeRunOptions } from './run';
import { judgeParamsOf } from './run-config';

const preset = presetByName('llm-check')!;
const params = judgeParamsOf(preset);

/** 60 turns: distinct reads up to 35, then the same read over and over. */
function looping(n = 60): Transcript {
  return transcriptOf(
    Array.from({ length: n }, (_, i) =>
      i < 35 ? call('read_file', { path: `src/f${i}.ts` }, `body ${i}`) : call('read_file', { path: 'a.ts' }, 'same'),
    ),
  );
}

let stub: JudgeStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/** Real fetch; waits are recorded, not slept (the 429 and backoff tests would otherwise take seconds). */
function deps(waits: number[] = []): ClientDeps {
  return {
    fetch: fetch as unknown as FetchLike,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

async function start(script: StubScript) {
  stub = await startJudgeStub(script);
  return stub;
}

function opts(s: JudgeStub, t: Transcript, extra: Partial<JudgeRunOptions> = {}): JudgeRunOptions {
  return {
    transcript: t,
    params,
    endpoint: { baseUrl: s.baseUrl, timeoutMs: 2000 },
    models: { flash: 'flash-m', pro: 'pro-m' },
    deps: deps(),
    store: memoryStore(),
    ...extra,
  };
}

const liveRun = (t: Transcript, cache: Awaited<ReturnType<typeof runJudge>>['judgeCache']) =>
  replay(
    t,
    { detectors: { 'llm-judge': { ...preset.detectors['llm-judge'], source: 'openai-compatible' } } },
    { judgeCache: cache },
  );

const brief = (r: ReturnType<typeof replay>) => ({
  events: r.events.map((e) => [e.turn, e.action, e.level, e.message]),
  checks: r.checks.map((c) => [c.turn, c.model, c.confidence, c.nextInterval]),
});

describe('live judge run against a loopback OpenAI-compatible server', () => {
  it('low then high: checks at 30 (warm-up), 33 (0.55 → every 9), 42 flash 0.92 + pro 0.96 → terminate', async () => {
    const s = await start(
      perModel({ 'flash-m': [answer(0.1), answer(0.55), answer(0.92)], 'pro-m': [answer(0.96, 'same read')] }),
    );
    const t = looping();
    const store = memoryStore();
    const r = await runJudge(opts(s, t, { store }));
    expect(r.end).toBe('terminate');
    expect(r.requests).toBe(4);
    expect(s.requests.map((q) => q.model)).toEqual(['flash-m', 'flash-m', 'flash-m', 'pro-m']);
    expect(r.records.map((x) => [x.turn, x.model, x.confidence])).toEqual([
      [30, 'flash', 0.1],
      [33, 'flash', 0.55],
      [42, 'flash', 0.92],
      [42, 'pro', 0.96],
    ]);
    // What was sent: the LLM-check design's system prompt and the prepared history of turn 30, JSON
    // schema format.
    expect(s.requests[0].body).toEqual(buildJudgeRequest('flash-m', prepareHistory(t, 30, 20)));
    expect((s.requests[0].body!.messages as { content: string }[])[0].content).toBe(JUDGE_SYSTEM_PROMPT);
    expect(s.requests[0].body!.response_format).toMatchObject({ type: 'json_schema' });

    // The replay of these answers: the alarm at 42, and one check after it never asked (the run stopped).
    const live = liveRun(t, r.judgeCache);
    expect(brief(live)).toEqual({
      events: [
        [
          42,
          'terminate',
          1,
          'Loop confirmed by the LLM judge at turn 42: flash 0.92, pro 0.96 (threshold 0.9). Analysis: same read',
        ],
      ],
      checks: [
        [30, 'flash', 0.1, 3],
        [33, 'flash', 0.55, 9],
        [42, 'flash', 0.92, 9],
        [42, 'pro', 0.96, 9],
        [51, 'flash', null, 9],
        [60, 'flash', null, 9],
      ],
    });
    expect(live.checks.at(-1)!.notAsked).toBe(true);
    // The same answers as judge lines replay with the recorded source to the same events.
    const recorded = replay({ ...t, judge: r.records }, preset);
    expect(recorded.events).toEqual(live.events);

    // Second run: everything from the cache, zero requests.
    const again = await runJudge(opts(s, t, { store }));
    expect(again.requests).toBe(0);
    expect(s.requests).toHaveLength(4);
    expect(again.fromCache).toBe(4);
    expect(again.records).toEqual(r.records);
  });

  it('a malformed answer is "unavailable" (the interval stays); a rejected response_format falls back to JSON mode', async () => {
    const s = await start((req, k) => {
      const fmt = (req.body?.response_format as { type?: string } | undefined)?.type;
      if (fmt === 'json_schema')
        return { status: 400, json: { error: { message: 'response_format json_schema is not supported' } } };
      if (k === 1) return completion('I think it is probably fine.'); // the 2nd request: the first check's JSON-mode retry
      return completion('```json\n{"unproductive_state_analysis":"ok","unproductive_state_confidence":0.2}\n```');
    });
    const store = memoryStore();
    const r = await runJudge(opts(s, looping(40), { store, models: { flash: 'flash-m', pro: '' } }));
    expect(s.requests.map((q) => (q.body?.response_format as { type?: string } | undefined)?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'json_object', // remembered: later questions skip the schema
    ]);
    expect(r.failures).toEqual([
      {
        turn: 30,
        model: 'flash',
        reason: "flash-m: malformed answer: the message content is not the judge's JSON object",
      },
    ]);
    // 30: no answer → the interval stays 3 → 33: 0.2 (warm-up over) → 5 + 10 × (1 − 0.2/0.9) = 12.78 → 13.
    expect(brief(liveRun(looping(40), r.judgeCache)).checks).toEqual([
      [30, 'flash', null, 3],
      [33, 'flash', 0.2, 13],
    ]);
    // A malformed answer is definitive (temperature 0): cached like an answer.
    const again = await runJudge(opts(s, looping(40), { store, models: { flash: 'flash-m', pro: '' } }));
    expect(again.requests).toBe(0);
  });

  it('429 with Retry-After: waits what the server asks, then asks again; x-ratelimit-reset when no Retry-After', async () => {
    const s = await start((_req, k) =>
      k === 0
        ? { status: 429, headers: { 'retry-after': '2' }, json: { error: { message: 'slow down' } } }
        : k === 1
          ? { status: 429, headers: { 'x-ratelimit-reset-requests': '1m30s' }, json: {} }
          : answer(0.3),
    );
    const waits: number[] = [];
    const r = await runJudge(
      opts(s, looping(31), { deps: deps(waits), endpoint: { baseUrl: s.baseUrl, maxWaitMs: 120_000 } }),
    );
    expect(waits).toEqual([2000, 90_000]);
    expect(r.requests).toBe(3);
    expect(r.records).toEqual([{ turn: 30, model: 'flash', confidence: 0.3, analysis: 'confidence 0.3' }]);
  });

  it('a wait longer than the limit, or retries used up: this check is unavailable and not cached', async () => {
    const s = await start(() => ({ status: 429, headers: { 'retry-after': '600' }, json: {} }));
    const store = memoryStore();
    const r = await runJudge(opts(s, looping(31), { store, endpoint: { baseUrl: s.baseUrl, maxWaitMs: 60_000 } }));
    expect(r.failures[0].reason).toBe('flash-m: HTTP 429; the endpoint asks to wait 600 s, over the 60 s limit');
    expect(store.map.size).toBe(0);
  });

  it('timeout: the hung request is abandoned and retried after the backoff; all hung from the start → the run stops; all hung later → unavailable', async () => {
    const s = await start((_req, k) => (k === 0 ? { hang: true } : answer(0.4)));
    const waits: number[] = [];
    const r = await runJudge(
      opts(s, looping(31), { deps: deps(waits), endpoint: { baseUrl: s.baseUrl, timeoutMs: 150 } }),
    );
    expect(waits).toEqual([1000]);
    expect(r.records.map((x) => x.confidence)).toEqual([0.4]);

    await s.close();
    const s2 = await start(() => ({ hang: true }));
    const store = memoryStore();
    const waits2: number[] = [];
    const r2 = await runJudge(
      opts(s2, looping(31), {
        store,
        deps: deps(waits2),
        endpoint: { baseUrl: s2.baseUrl, timeoutMs: 100, maxRetries: 2 },
      }),
    );
    expect(waits2).toEqual([1000, 2000]);
    expect(s2.requests).toHaveLength(3);
    // A dead endpoint: no check after the first would fare better.
    expect(r2.end).toBe('fatal');
    expect(r2.message).toBe(
      'flash-m: no answer within 0 s (after 3 attempts); stopped (the endpoint has not answered yet): check the base URL, that the server is running, or raise the timeout',
    );
    expect(store.map.size).toBe(0); // transient: the next run asks again

    await s2.close();
    const s3 = await start((_req, k) => (k === 0 ? answer(0.1) : { hang: true }));
    const r3 = await runJudge(
      opts(s3, looping(33), { deps: deps(), endpoint: { baseUrl: s3.baseUrl, timeoutMs: 100, maxRetries: 1 } }),
    );
    expect(r3.end).toBe('end');
    expect(r3.failures).toEqual([
      { turn: 33, model: 'flash', reason: 'flash-m: no answer within 0 s (after 2 attempts)' },
    ]);
  });

  it('the second model unavailable (404): the first is trusted, as the LLM-check design says; remembered for the run and the cache', async () => {
    const s = await start(perModel({ 'flash-m': [answer(0.95, 'looping on a.ts')] }));
    const t = looping(60);
    const store = memoryStore();
    const r = await runJudge(opts(s, t, { store, params: { ...params, actions: ['warn'] } }));
    // warn does not stop the run: every check asks flash (0.95), pro is asked once and is then known missing.
    expect(s.requests.map((q) => q.model)).toEqual(['flash-m', 'pro-m', ...Array(10).fill('flash-m')]);
    const live = replay(
      t,
      {
        detectors: {
          'llm-judge': { ...preset.detectors['llm-judge'], actions: ['warn'], source: 'openai-compatible' },
        },
      },
      {
        judgeCache: r.judgeCache,
      },
    );
    // A confirmed loop does not adapt the interval: every 3 turns from 30.
    expect(live.events.map((e) => [e.turn, e.level])).toEqual(
      [30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60].map((t, i) => [t, i + 1]),
    );
    expect(live.events[0].message).toBe(
      'Loop confirmed by the LLM judge at turn 30: flash 0.95, pro unavailable (trusting flash) (threshold 0.9). Analysis: looping on a.ts',
    );
    const again = await runJudge(opts(s, t, { store, params: { ...params, actions: ['warn'] } }));
    expect(again.requests).toBe(0);
  });

  it("the LLM-check design's test scenarios: exactly at the threshold (0.9) confirms; flash high and pro low does not, and pro sets the interval", async () => {
    const s = await start(perModel({ 'flash-m': [answer(0.9)], 'pro-m': [answer(0.9)] }));
    const r = await runJudge(opts(s, looping(31)));
    expect(r.end).toBe('terminate');
    await s.close();
    const s2 = await start(perModel({ 'flash-m': [answer(0.1), answer(0.95)], 'pro-m': [answer(0.45)] }));
    const r2 = await runJudge(opts(s2, looping(50)));
    expect(r2.end).toBe('end');
    // 33: pro 0.45 → 5 + 10 × (1 − 0.45/0.9) = 10 → the next check at 43.
    expect(brief(liveRun(looping(50), r2.judgeCache)).checks).toEqual([
      [30, 'flash', 0.1, 3],
      [33, 'flash', 0.95, 10],
      [33, 'pro', 0.45, 10],
      [43, 'flash', 0.95, 10],
      [43, 'pro', 0.45, 10],
    ]);
  });

  it('cancel stops a hung request at once; 401 ends the run with the reason', async () => {
    const s = await start(() => ({ hang: true }));
    const ctl = new AbortController();
    const p = runJudge(
      opts(s, looping(31), { signal: ctl.signal, endpoint: { baseUrl: s.baseUrl, timeoutMs: 60_000 } }),
    );
    setTimeout(() => ctl.abort(), 50);
    expect((await p).end).toBe('cancelled');
    await s.close();
    const s2 = await start(() => ({ status: 401, json: { error: { message: 'Incorrect API key provided' } } }));
    const r = await runJudge(opts(s2, looping(60), { endpoint: { baseUrl: s2.baseUrl, apiKey: 'sk-test' } }));
    expect(r.end).toBe('fatal');
    expect(r.message).toBe('flash-m: the endpoint refused the request (HTTP 401: Incorrect API key provided)');
    expect(s2.requests).toHaveLength(1);
    expect(s2.requests[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('cache only (a reload): answers from the store, the rest not asked, no request', async () => {
    const s = await start(perModel({ 'flash-m': [answer(0.1)] }));
    const store = memoryStore();
    await runJudge(opts(s, looping(31), { store }));
    const r = await runJudge(opts(s, looping(40), { store, deps: null }));
    expect(s.requests).toHaveLength(1);
    // 30 from the cache; 33, 36, 39 never asked (no answer: the interval stays 3).
    expect([r.fromCache, r.unasked, r.requests]).toEqual([1, 3, 0]);
  });
});

describe('judge run estimate', () => {
  it('a range of checks: all answers 0 (every 15 turns) to just under 0.9 (every 5); cached answers count as given', () => {
    const e = estimateJudgeRun(looping(60), params, { flash: 'f', pro: 'p' }, 'http://127.0.0.1:1/v1');
    // 0: 30, 33, 48. Just under 0.9: 30, 33, 38, 43, 48, 53, 58.
    expect([e.minChecks, e.maxChecks, e.maxRequests, e.cachedChecks]).toEqual([3, 7, 7, 0]);
    expect(e.tokensPerRequest).toBeGreaterThan(400);
    const chars = [30, 33, 38, 43, 48, 53, 58]
      .map((turn) => JSON.stringify(buildJudgeRequest('f', prepareHistory(looping(60), turn, 20)).messages).length)
      .reduce((x, y) => x + y, 0);
    expect(e.maxTokens).toBe(Math.ceil(chars / 4));
  });
});
