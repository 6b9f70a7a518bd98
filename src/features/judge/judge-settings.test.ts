import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JudgeEstimate } from '../../engine/judge/estimate';
import { askLabel, estimateLines } from './estimate-text';
import { baseUrlProblem, cspAllows, loadSettings, SETTINGS_KEY } from './judge-settings';

/** A document whose judge policy lists these sources. */
const docWith = (content: string | null) =>
  ({ getElementById: () => (content === null ? null : { getAttribute: () => content }) }) as unknown as Document;

describe('judge endpoint settings', () => {
  it('a base URL must be http(s); a remote one https; no credentials in it', () => {
    expect(baseUrlProblem('http://127.0.0.1:11434/v1')).toBeNull();
    expect(baseUrlProblem('http://localhost:1234/v1')).toBeNull();
    expect(baseUrlProblem('https://api.openai.com/v1')).toBeNull();
    expect(baseUrlProblem('http://gpu-box.lan:8000/v1')).toBe('A server on another machine must use https://');
    expect(baseUrlProblem('https://user:pw@x.test/v1')).toBe('Put the key in the API key field, not in the URL');
    expect(baseUrlProblem('ftp://x')).toBe('The base URL must start with http:// or https://');
    expect(baseUrlProblem('nonsense')).toBe('Not a URL. Example: http://127.0.0.1:11434/v1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('timeout range: a stored timeout outside 1..3600 s (1e308 timed out every request at once) is the default again', () => {
    const stored = (timeoutSeconds: number) => {
      vi.stubGlobal('localStorage', {
        getItem: (k: string) =>
          k === SETTINGS_KEY ? JSON.stringify({ baseUrl: 'http://127.0.0.1:1/v1', timeoutSeconds }) : null,
      });
      return loadSettings().timeoutSeconds;
    };
    expect([stored(1e308), stored(0.5), stored(Number.MAX_VALUE), stored(600), stored(3600)]).toEqual([
      120, 120, 120, 600, 3600,
    ]);
  });

  it('the page may reach loopback always, a remote origin only when the policy loaded with it', () => {
    const policy = docWith("connect-src 'self' http://127.0.0.1:* http://localhost:* https://api.example.test");
    expect(cspAllows('http://127.0.0.1:9/v1', docWith(null))).toBe(true);
    expect(cspAllows('https://api.example.test/v1', policy)).toBe(true);
    expect(cspAllows('https://api.example.test:8443/v1', policy)).toBe(false);
    expect(cspAllows('https://other.example.test/v1', policy)).toBe(false);
    expect(cspAllows('https://api.example.test/v1', docWith(null))).toBe(false);
  });
});

describe('what a run will send, in words', () => {
  const e: JudgeEstimate = {
    minChecks: 2,
    maxChecks: 4,
    cachedChecks: 1,
    maxRequests: 3,
    tokensPerRequest: 1210,
    maxTokens: 3630,
  };
  it('names the range of checks, the cache, the requests and the tokens', () => {
    expect(estimateLines(e, { threshold: 0.9, minInterval: 5, maxInterval: 15 }, true)).toEqual([
      "2 to 4 checks on this run's schedule (the count depends on the answers: low confidence checks every 15 turns, high every 5).",
      '1 of them already answered in the cache (not sent again).',
      'At most 3 requests to the first model, ≈ 1,210 input tokens each, ≈ 3,630 in all, plus one to the double-check model for each answer ≥ 0.9.',
    ]);
    expect(askLabel(e)).toBe('Ask the judge for this run (≤ 3 checks to ask, ≈ 3,630 tokens)');
  });
});
