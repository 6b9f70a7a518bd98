import { describe, expect, it } from 'vitest';
import { exhaustedWaitMs, parseDuration, retryAfterMs } from './rate-limit';

const h = (o: Record<string, string>) => ({ get: (n: string) => o[n] ?? null });

describe('rate-limit headers', () => {
  it('durations as OpenAI writes them', () => {
    expect([parseDuration('6m0s'), parseDuration('1.5s'), parseDuration('20ms'), parseDuration('1h2m')]).toEqual([
      360_000, 1500, 20, 3_720_000,
    ]);
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('Retry-After in seconds or as a date; retry-after-ms first; the longer reset otherwise', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(h({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(h({ 'retry-after-ms': '250', 'retry-after': '3' }), now)).toBe(250);
    expect(retryAfterMs(h({ 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-reset-tokens': '7s' }), now)).toBe(7000);
    expect(retryAfterMs(h({}), now)).toBeUndefined();
  });

  it('a used-up window after a success: wait for its reset', () => {
    expect(exhaustedWaitMs(h({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1s' }))).toBe(
      1000,
    );
    expect(exhaustedWaitMs(h({ 'x-ratelimit-remaining-requests': '4', 'x-ratelimit-reset-requests': '1s' }))).toBe(0);
  });
});
