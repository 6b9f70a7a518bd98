/**
 * The judge client against hostile endpoints (real HTTP on loopback, real fetch): a huge body, a
 * redirect, an HTML page, a rate-limit header asking for hours, a dead server, a slow drip.
 * Each limit is named in the test that checks it (docs/limits.md lists them).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  hugeBody,
  htmlPageWith,
  perModel,
  rateLimitedAnswer,
  redirectTo,
  type JudgeStub,
  stubSet,
} from '../../../scripts/judge-stub';
import { JUDGE_LIMITS } from '../../model/limits';
import type { Transcript } from '../../model/transcript';
import { presetByName } from '../presets/index';
import { call, transcriptOf } from '../test-util';
import { memoryStore } from './cache-key';
import { withinRange, type ClientDeps, type FetchLike } from './client';
import { runJudge, type JudgeProgress, type JudgeRunOptions } from './run';
import { judgeParamsOf } from './run-config';

const params = judgeParamsOf(presetByName('llm-check')!);
const MiB = 1024 * 1024;

/** Checks at 30 and 33 (and 36, 39 when asked). */
function looping(n: number): Transcript {
  return transcriptOf(Array.from({ length: n }, () => call('read_file', { path: 'a.ts' }, 'same')));
}

const stubs = stubSet();
const start = stubs.start;
afterEach(stubs.closeAll);

function deps(waits: number[] = []): ClientDeps {
  return {
    fetch: fetch as unknown as FetchLike,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

function opts(s: JudgeStub, extra: Partial<JudgeRunOptions> = {}): JudgeRunOptions {
  return {
    transcript: looping(31),
    params,
    endpoint: { baseUrl: s.baseUrl, timeoutMs: 5000 },
    models: { flash: 'flash-m', pro: '' },
    deps: deps(),
    store: memoryStore(),
    ...extra,
  };
}

describe('judge client limits', () => {
  it('response size limit: a 500 MB answer is read as a stream and cut at 4 MiB, not cached, and the run goes on', async () => {
    const s = await start((_req, k) => (k === 0 ? hugeBody(500 * MiB) : answer(0.2)));
    const store = memoryStore();
    const t0 = Date.now();
    const r = await runJudge(opts(s, { store, transcript: looping(33) }));
    expect(r.failures).toEqual([
      {
        turn: 30,
        model: 'flash',
        reason: 'flash-m: response over the 4 MiB limit (cut off there): not an answer, not cached',
      },
    ]);
    // The download stopped soon after the limit: the server wrote nowhere near 500 MB.
    expect(s.requests[0].sent).toBeLessThan(64 * MiB);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // Not cached (a later run with a higher limit asks again); the next check was answered.
    expect([...store.map.values()]).toEqual([{ answer: { confidence: 0.2, analysis: 'confidence 0.2' } }]);
    expect(r.records.map((x) => [x.turn, x.confidence])).toEqual([[33, 0.2]]);
  });

  it('response size limit: a declared Content-Length over the limit is refused before the body is read', async () => {
    const s = await start(() => hugeBody(500 * MiB, true));
    const r = await runJudge(opts(s, { endpoint: { baseUrl: s.baseUrl, maxResponseBytes: 1 * MiB } }));
    expect(r.failures[0].reason).toBe(
      'flash-m: response over the 1 MiB limit (it declares 500 MiB): not an answer, not cached',
    );
    expect(s.requests[0].sent).toBeLessThan(64 * MiB);
  });

  it('no redirects: a 307 is refused by name, nothing reaches the other address, nothing is cached, the run stops', async () => {
    const elsewhere = await start(perModel({ 'flash-m': [answer(0.95)] }));
    const s = await start(() => redirectTo(`${elsewhere.baseUrl}/chat/completions`));
    const store = memoryStore();
    const r = await runJudge(opts(s, { store, transcript: looping(40) }));
    expect(r.end).toBe('fatal');
    expect(r.message).toBe(
      'flash-m: the endpoint answered with a redirect, which the judge does not follow (the history would go to an address nobody configured): set the base URL to the address that answers',
    );
    expect(s.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
    expect(store.map.size).toBe(0);
  });

  it('no redirects: a redirect the fetch hands back (a browser, manual mode) is refused with its target', async () => {
    const opaque: FetchLike = async () => ({
      status: 307,
      headers: { get: (n: string) => (n === 'location' ? 'http://127.0.0.1:9/v1/chat/completions' : null) },
      text: async () => '',
    });
    const r = await runJudge({
      ...opts({ baseUrl: 'http://127.0.0.1:1/v1' } as JudgeStub),
      deps: { fetch: opaque },
    });
    expect(r.message).toBe(
      'flash-m: the endpoint answered with a redirect to "http://127.0.0.1:9/v1/chat/completions", which the judge does not follow (the history would go to an address nobody configured): set the base URL to the address that answers',
    );
  });

  it('only a well-formed body counts: an HTML page that contains a valid answer is a named malformed answer', async () => {
    const s = await start(() => htmlPageWith(0.97));
    const r = await runJudge(opts(s));
    expect(r.records).toEqual([]);
    expect(r.failures[0].reason).toBe(
      'flash-m: malformed answer: the body is not JSON (it begins "<!DOCTYPE html><html><body><pre>{\\"id\\":\\"s")',
    );
  });

  it('rate-limit wait cap: a success asking to wait 20 h stops the run, naming the wait; the answer is kept', async () => {
    const s = await start(() => rateLimitedAnswer(0.1, '20h'));
    const store = memoryStore();
    const waits: number[] = [];
    const r = await runJudge(opts(s, { store, deps: deps(waits), transcript: looping(40) }));
    expect([r.end, r.limit]).toEqual(['limit', 'max-wait']);
    expect(r.message).toBe(
      "the endpoint's rate limit asks to wait 20 h before the next request, over the 120 s limit: stopped; the answers received so far are cached",
    );
    expect(waits).toEqual([]);
    expect(s.requests).toHaveLength(1);
    expect(store.map.size).toBe(1);
  });

  it('rate-limit wait cap: a wait under the cap is announced with the longest wait, and Cancel ends it at once', async () => {
    const s = await start(() => rateLimitedAnswer(0.1, '90s'));
    const ctl = new AbortController();
    const announced: [number, string][] = [];
    const seen: JudgeProgress[] = [];
    const t0 = Date.now();
    const r = await runJudge(
      opts(s, {
        transcript: looping(40),
        signal: ctl.signal,
        // The real sleep: only the cancel can end this 90 s wait.
        deps: {
          fetch: fetch as unknown as FetchLike,
          onWait: (ms, why) => {
            announced.push([ms, why]);
            setTimeout(() => ctl.abort(), 50);
          },
        },
        onProgress: (p) => seen.push(p),
      }),
    );
    expect(r.end).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(announced).toHaveLength(1);
    expect(announced[0][0]).toBeGreaterThan(89_000);
    expect(announced[0][1]).toBe("the endpoint's rate limit (no request left in its window)");
    const during = seen.find((p) => p.waiting !== null)!;
    expect(during.waiting!.why).toBe("the endpoint's rate limit (no request left in its window)");
    expect(during.longestWaitMs).toBe(announced[0][0]);
    expect(seen.at(-1)!.waiting).toBeNull();
  });

  it('run deadline: an endpoint that stops answering costs the deadline, not minutes per check', async () => {
    const s = await start((_req, k) => (k === 0 ? answer(0.1) : { hang: true }));
    const t0 = Date.now();
    const r = await runJudge(
      opts(s, {
        transcript: looping(60),
        endpoint: { baseUrl: s.baseUrl, timeoutMs: 60_000 },
        deadlineAt: Date.now() + 500,
      }),
    );
    expect([r.end, r.limit]).toEqual(['limit', 'deadline']);
    expect(r.message).toBe('the run reached its deadline and stopped; the answers received so far are cached');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('timeout range: 1e308 s is held to the 3600 s maximum (a timer that large fires at once)', async () => {
    expect(withinRange(1e308 * 1000, JUDGE_LIMITS.timeout)).toBe(3_600_000);
    expect(withinRange(Number.NaN, JUDGE_LIMITS.timeout)).toBe(120_000);
    const s = await start(() => ({ hang: true }));
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 300);
    const r = await runJudge(
      opts(s, { signal: ctl.signal, endpoint: { baseUrl: s.baseUrl, timeoutMs: 1e308 * 1000 } }),
    );
    // Still waiting for the answer when cancelled: not a run of instant "timeouts".
    expect(r.end).toBe('cancelled');
    expect(r.failures).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('timeout: a body that drips slower than the timeout is abandoned (the timeout covers the body)', async () => {
    const s = await start(() => ({ bytes: 1000, dripMs: 100 }));
    const r = await runJudge(opts(s, { endpoint: { baseUrl: s.baseUrl, timeoutMs: 300, maxRetries: 0 } }));
    expect(r.message).toBe(
      'flash-m: no answer within 0 s (after 1 attempts); stopped (the endpoint has not answered yet): check the base URL, that the server is running, or raise the timeout',
    );
  });
});
