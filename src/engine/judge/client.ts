/**
 * One question to an OpenAI-compatible `/chat/completions` endpoint: the seed's prompt and the
 * prepared history, with timeouts, retries with backoff, the endpoint's rate-limit headers and
 * cancel. Pure: the caller passes `fetch` (the judge worker's, the CLI's, a test's), so nothing
 * here can reach the network on its own.
 */
import type { JudgeMessage } from './history';
import { exhaustedWaitMs, retryAfterMs, type HeaderReader } from './rate-limit';
import { buildJudgeRequest, parseJudgeResponse, type JudgeAnswer, type RequestOptions } from './request';

export type ResponseFormat = NonNullable<RequestOptions['responseFormat']>;

export interface FetchResponse {
  status: number;
  headers: HeaderReader;
  text(): Promise<string>;
}
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
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
}

export interface ClientDeps {
  fetch: FetchLike;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_MAX_WAIT_MS = 120_000;
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

/** One attempt with its own timeout, tied to the caller's cancel. */
async function attempt(
  deps: ClientDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  cancel: AbortSignal,
): Promise<{ res: FetchResponse; text: string } | 'timeout' | 'cancelled' | { network: string }> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, timeoutMs);
  const onCancel = () => ctl.abort();
  cancel.addEventListener('abort', onCancel, { once: true });
  try {
    const res = await deps.fetch(url, { method: 'POST', headers, body, signal: ctl.signal });
    const text = await res.text();
    return { res, text };
  } catch (e) {
    if (cancel.aborted) return 'cancelled';
    if (timedOut) return 'timeout';
    return { network: (e as Error).message || 'network error' };
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener('abort', onCancel);
  }
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
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = endpoint.maxRetries ?? DEFAULT_RETRIES;
  const maxWait = endpoint.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  let fmt = FORMATS.indexOf(format);
  let retries = 0;
  for (;;) {
    let last: string;
    if (cancel.aborted) return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    const body = JSON.stringify(buildJudgeRequest(model, history, { responseFormat: FORMATS[fmt] }));
    stats.requests++;
    const r = await attempt(deps, url, headers, body, timeoutMs, cancel);
    if (r === 'cancelled') return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    let waitMs: number | undefined;
    if (r === 'timeout') last = `no answer within ${Math.round(timeoutMs / 1000)} s`;
    else if ('network' in r) last = `could not reach the endpoint (${r.network})`;
    else {
      const { res, text } = r;
      if (res.status >= 200 && res.status < 300) {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // a server that answers plain text: the parser looks for the JSON object in it
        }
        const answer = parseJudgeResponse(parsed);
        if (!answer)
          return {
            ok: false,
            kind: 'permanent',
            format: FORMATS[fmt],
            reason: 'malformed answer (no numeric unproductive_state_confidence)',
          };
        const u = (parsed as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } } | null)?.usage;
        const usage =
          u && typeof u === 'object'
            ? {
                input: typeof u.prompt_tokens === 'number' ? u.prompt_tokens : undefined,
                output: typeof u.completion_tokens === 'number' ? u.completion_tokens : undefined,
              }
            : undefined;
        return { ok: true, answer, format: FORMATS[fmt], waitNextMs: exhaustedWaitMs(res.headers), usage };
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
      return { ok: false, kind: 'transient', reason: `${last} (after ${retries + 1} attempts)` };
    retries++;
    const wait = waitMs ?? Math.min(maxWait, 1000 * 2 ** (retries - 1));
    if (wait > maxWait)
      return {
        ok: false,
        kind: 'transient',
        reason: `${last}; the endpoint asks to wait ${Math.ceil(wait / 1000)} s, over the ${Math.round(maxWait / 1000)} s limit`,
      };
    stats.waits.push(wait);
    try {
      await sleep(wait, cancel);
    } catch {
      return { ok: false, kind: 'cancelled', reason: 'cancelled' };
    }
  }
}
