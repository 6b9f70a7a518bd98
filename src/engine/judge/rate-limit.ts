/**
 * How long an endpoint asks us to wait, from its response headers: `Retry-After` (seconds or an
 * HTTP date), `retry-after-ms`, and OpenAI's `x-ratelimit-reset-requests` / `-tokens` durations
 * ("1s", "6m0s", "20ms"). Pure: headers in, milliseconds out.
 */

export interface HeaderReader {
  get(name: string): string | null;
}

/** "6m0s", "1.5s", "20ms", "1h2m" → ms; undefined when not a duration. */
export function parseDuration(s: string): number | undefined {
  const t = s.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let matched = '';
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const n = Number(m[1]);
    total += m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n * 3_600_000;
    matched += m[0];
  }
  return matched.length > 0 && matched === t ? total : undefined;
}

/** The wait a 429 or 503 asks for, in ms; undefined when the headers say nothing usable. */
export function retryAfterMs(h: HeaderReader, now: number): number | undefined {
  const ms = h.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms);
  const ra = h.get('retry-after');
  if (ra !== null) {
    if (/^\d+(\.\d+)?$/.test(ra.trim())) return Number(ra) * 1000;
    const at = Date.parse(ra);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return resetMs(h);
}

/** The longer of OpenAI's request and token reset durations. */
export function resetMs(h: HeaderReader): number | undefined {
  let best: number | undefined;
  for (const name of ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']) {
    const v = h.get(name);
    const d = v === null ? undefined : parseDuration(v);
    if (d !== undefined && (best === undefined || d > best)) best = d;
  }
  return best;
}

/** After a success: when no request is left in the window, wait for its reset before the next one. */
export function exhaustedWaitMs(h: HeaderReader): number {
  const left = h.get('x-ratelimit-remaining-requests');
  if (left === null || Number(left) > 0) return 0;
  const v = h.get('x-ratelimit-reset-requests');
  return (v !== null ? parseDuration(v) : undefined) ?? 0;
}
