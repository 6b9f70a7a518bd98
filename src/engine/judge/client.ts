/**
 * One question to an OpenAI-compatible `/chat/completions` endpoint: the LLM-check design's prompt
 * and the prepared history, with timeouts, retries with backoff, the endpoint's rate-limit headers
 * and cancel. Pure: the caller passes `fetch` (the judge worker's, the CLI's, a test's), so nothing
 * here can reach the network on its own.
 */
import { describeBytes, echoValue, JUDGE_LIMITS } from '../../model/limits';
import { parseJudgeBody } from './answer';
import type { JudgeMessage } from './history';
import { exhaustedWaitMs, retryAfterMs } from './rate-limit';
import { buildJudgeRequest, type JudgeAnswer, type RequestOptions } from './request';
import { readBodyWithin, type FetchResponse, type LimitedBody } from './response-body';

export type { FetchResponse } from './response-body';
export type ResponseFormat = NonNullable<RequestOptions['responseFormat']>;

/**
 * `redirect: 'error'`: a redirect is never followed, so the history cannot be sent to an address
 * nobody configured, nor an answer from there filed under the configured endpoint.
 */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: 'error' },
) => Promise<FetchResponse>;

export interface JudgeEndpoint {
  /** e.g. http://127.0.0.1:11434/v1 ; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt (429, 5xx, timeouts, network errors). */
  maxRetries?: number;
  /** The longest wait we accept (backoff or Retry-After); a longer ask fails this question. */
  maxWaitMs?: number;
  /** The largest response body read; a larger one is cut off and is not an answer. */
  maxResponseBytes?: number;
}

export interface ClientDeps {
  fetch: FetchLike;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Told before each wait (a retry's backoff, a rate limit), so a person sees it and may cancel. */
  onWait?: (ms: number, why: string) => void;
}

export const DEFAULT_TIMEOUT_MS = JUDGE_LIMITS.timeout.defaultSeconds * 1000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_MAX_WAIT_MS = JUDGE_LIMITS.maxWait.defaultSeconds * 1000;
const RETRY_STATUS = new Set([408, 409, 429, 500, 502, 503, 504, 529]);
/** Tried in this order when a server rejects the request body (400/422): schema, JSON mode, plain text. */
const FORMATS: ResponseFormat[] = ['json_schema', 'json_object', 'none'];

export type AskOutcome =
  | {
      ok: true;
      answer: JudgeAnswer;
      /** The format that worked: later questions to this model start with it. */
      format: ResponseFormat;
      /** Rate-limit headers said the window is used up: wait this long before the next request. */
      waitNextMs: number;
      usage?: { input?: number; output?: number };
    }
  | {
      ok: false;
      reason: string;
      /**
       * `permanent`: asking again gives the same (a malformed answer, an unknown model): cached.
       * `transient`: retries ran out (timeouts, 429, 5xx): not cached, a later run asks again.
       * `fatal`: the endpoint refuses us (401/403): the run stops. `cancelled`: the user stopped it.
       */
      kind: 'permanent' | 'transient' | 'fatal' | 'cancelled';
      status?: number;
      /** Set when the server accepted the request body (it answered 2xx) in this format. */
      format?: ResponseFormat;
      /** Transient, and no attempt got an HTTP answer (timeouts, refused connections): the endpoint may be dead. */
      unreachable?: boolean;
    };

export interface AskStats {
  /** HTTP requests sent (attempts, format fallbacks included). */
  requests: number;
  waits: number[];
}

export function chatCompletionsUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') + '/chat/completions';
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('cancelled'));
    const t = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(t);
      reject(new Error('cancelled'));
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

function errorMessage(text: string): string {
  try {
    const o = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof o.error === 'string' ? o.error : (o.error?.message ?? o.message);
    return typeof m === 'string' ? m.slice(0, 200) : '';
  } catch {
    // not JSON: the raw text below
  }
  return text.trim().slice(0, 200);
}

/** Node's fetch (undici) rejects a redirect under `redirect: 'error'` with this cause. */
function isRedirectError(e: unknown): boolean {
  const cause = (e as { cause?: { message?: unknown } } | null)?.cause;
  return typeof cause?.message === 'string' && /redirect/i.test(cause.message);
}

type Attempt =
  | { res: FetchResponse; body: LimitedBody }
  | 'timeout'
  | 'cancelled'
  | { network: string }
  | { redirect: string | null };

/** One attempt, its body included, with its own timeout, tied to the caller's cancel. */
async function attempt(
  deps: ClientDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
  limits: { timeoutMs: number; maxResponseBytes: number },
  cancel: AbortSignal,
): Promise<Attempt> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, limits.timeoutMs);
  const onCancel = () => ctl.abort();
  cancel.addEventListener('abort', onCancel, { once: true });
  try {
    const res = await deps.fetch(url, { method: 'POST', headers, body, signal: ctl.signal, redirect: 'error' });
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      await res.body?.cancel().catch(() => undefined);
      return { redirect: res.headers.get('location') };
    }
    return { res, body: await readBodyWithin(res, limits.maxResponseBytes) };
  } catch (e) {
    if (cancel.aborted) return 'cancelled';
    if (timedOut) return 'timeout';
    if (isRedirectError(e)) return { redirect: null };
    return { network: (e as Error).message || 'network error' };
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener('abort', onCancel);
  }
}

/**
 * A setting in ms held under its range's maximum (setTimeout fires at once past 2^31 ms, so
 * 1e308 would time out every request); NaN or missing is the default. The lower bound is the
 * caller's (the CLI and the tab refuse values under it; tests use a few ms).
 */
export function withinRange(ms: number | undefined, range: { defaultSeconds: number; max: number }): number {
  if (ms === undefined || Number.isNaN(ms)) return range.defaultSeconds * 1000;
  return Math.min(range.max * 1000, Math.max(0, ms));
}

function redirectReason(to: string | null): string {
  return (
    `the endpoint answered with a redirect${to ? ` to ${echoValue(to)}` : ''}, which the judge does not follow ` +
    '(the history would go to an address nobody configured): set the base URL to the address that answers'
  );
}

function overLimitReason(b: { overBytes: number; declared: boolean }, max: number): string {
  const how = b.declared ? `it declares ${describeBytes(b.overBytes)}` : 'cut off there';
  return `response over the ${describeBytes(max)} limit (${how}): not an answer, not cached`;
}

/**
 * Asks `model` about `history`. `format` is where to start in the schema → JSON mode → text
 * ladder (a server that rejected the schema once is not offered it again).
 */
export async function askJudgeModel(
  endpoint: JudgeEndpoint,
  model: string,
  history: readonly JudgeMessage[],
  deps: ClientDeps,
  cancel: AbortSignal,
  stats: AskStats,
  format: ResponseFormat = 'json_schema',
): Promise<AskOutcome> {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  const url = chatCompletionsUrl(endpoint.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const limits = {
    timeoutMs: withinRange(endpoint.timeoutMs, JUDGE_LIMITS.timeout),
    maxResponseBytes: endpoint.maxResponseBytes ?? JUDGE_LIMITS.responseBytes,
  };
  const maxRetries = endpoint.maxRetries ?? DEFAULT_RETRIES;
  const maxWait = withinRange(endpoint.maxWaitMs, JUDGE_LIMITS.maxWait);
  let fmt = FORMATS.indexOf(format);
  let retries = 0;
  let answered = false;
  for (;;) {
    let last: string;
    if (cancel.aborted) return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    const body = JSON.stringify(buildJudgeRequest(model, history, { responseFormat: FORMATS[fmt] }));
    stats.requests++;
    const r = await attempt(deps, url, headers, body, limits, cancel);
    if (r === 'cancelled') return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    let waitMs: number | undefined;
    if (r === 'timeout') last = `no answer within ${Math.round(limits.timeoutMs / 1000)} s`;
    else if ('redirect' in r) return { ok: false, kind: 'fatal', reason: redirectReason(r.redirect) };
    else if ('network' in r) last = `could not reach the endpoint (${r.network})`;
    else {
      const { res } = r;
      answered = true;
      if ('overBytes' in r.body)
        return {
          ok: false,
          kind: 'transient',
          status: res.status,
          reason: overLimitReason(r.body, limits.maxResponseBytes),
        };
      const text = r.body.text;
      if (res.status >= 200 && res.status < 300) {
        const parsed = parseJudgeBody(text);
        if ('problem' in parsed) return { ok: false, kind: 'permanent', format: FORMATS[fmt], reason: parsed.problem };
        return {
          ok: true,
          answer: parsed.answer,
          format: FORMATS[fmt],
          waitNextMs: exhaustedWaitMs(res.headers),
          usage: parsed.usage,
        };
      }
      const msg = errorMessage(text);
      if ((res.status === 400 || res.status === 422) && fmt < FORMATS.length - 1) {
        fmt++; // the server rejected the response format (or the body): a plainer request
        continue;
      }
      if (res.status === 401 || res.status === 403)
        return {
          ok: false,
          kind: 'fatal',
          status: res.status,
          reason: `the endpoint refused the request (HTTP ${res.status}: ${msg})`,
        };
      if (res.status === 404)
        return { ok: false, kind: 'permanent', status: 404, reason: `model unavailable (HTTP 404: ${msg})` };
      if (!RETRY_STATUS.has(res.status))
        return { ok: false, kind: 'permanent', status: res.status, reason: `HTTP ${res.status}: ${msg}` };
      last = `HTTP ${res.status}${msg ? `: ${msg}` : ''}`;
      waitMs = retryAfterMs(res.headers, now());
    }
    if (retries >= maxRetries)
      return {
        ok: false,
        kind: 'transient',
        reason: `${last} (after ${retries + 1} attempts)`,
        ...(answered ? {} : { unreachable: true }),
      };
    retries++;
    const wait = waitMs ?? Math.min(maxWait, 1000 * 2 ** (retries - 1));
    if (wait > maxWait)
      return {
        ok: false,
        kind: 'transient',
        reason: `${last}; the endpoint asks to wait ${describeSeconds(wait)}, over the ${describeSeconds(maxWait)} limit`,
      };
    stats.waits.push(wait);
    deps.onWait?.(wait, `before asking again (${last})`);
    try {
      await sleep(wait, cancel);
    } catch {
      return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    }
  }
}

/** "600 s", "20 h": a wait as a person reads it. */
export function describeSeconds(ms: number): string {
  const s = ms / 1000;
  if (!Number.isFinite(s)) return 'forever';
  if (s < 7200) return `${Math.ceil(s)} s`;
  return `${Math.round(s / 3600).toLocaleString('en-US')} h`;
}
