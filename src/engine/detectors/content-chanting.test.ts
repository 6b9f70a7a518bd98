import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import { replay } from '../replay';
import { call, transcriptOf, type TurnSpec } from '../test-util';
import { geminiLoopMessage } from './content-chanting';

const S = 'I will check the configuration file once more now. '; // 51 characters
const L = S.length;

function cfg(params: Record<string, unknown> = {}): EngineConfig {
  return { detectors: { 'content-chanting': { enabled: true, ...params } } };
}

function events(items: (string | TurnSpec)[], params: Record<string, unknown> = {}) {
  return replay(transcriptOf(items), cfg(params)).events;
}

/** Deterministic text without any repeated 50-character chunk. */
function filler(n: number, seed: number): string {
  let x = (seed * 7919 + 1) | 0;
  let s = '';
  for (let i = 0; i < n; i++) {
    // xorshift32
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s += 'abcdefghijklmnopqrstuvwxyz'[(x >>> 0) % 26];
  }
  return s;
}

describe('content-chanting (Gemini CLI)', () => {
  it('the same 50-char chunk 10 times, close together: fires at the 10th occurrence', () => {
    const text = S.repeat(12);
    const detail = `Repeating content detected: "${text.substring(9 * L - 20, 9 * L + 50).trim()}..."`;
    expect(events(['Starting.', text])).toEqual([
      { turn: 2, detector: 'content-chanting', action: 'warn', level: 1, message: geminiLoopMessage('warn', detail) },
    ]);
    expect(geminiLoopMessage('warn', 'd')).toBe(
      "System: Potential loop detected. Details: d. Please take a step back and confirm you're making forward progress. If not, take a step back, analyze your previous actions and rethink how you're approaching the problem. Avoid repeating the same tool calls or responses without new results.",
    );
  });

  it('9 occurrences are not enough', () => {
    expect(events([S.repeat(9)])).toEqual([]);
  });

  it('text-only turns stream into one history: 5 + 5 copies fire in the second turn', () => {
    expect(events([S.repeat(5), S.repeat(5)]).map((e) => [e.turn, e.action, e.level])).toEqual([[2, 'warn', 1]]);
  });

  it('a tool call resets the tracking', () => {
    expect(events([{ text: S.repeat(5), calls: [call('ls')] }, S.repeat(5)])).toEqual([]);
    expect(events([{ text: S.repeat(5), calls: [call('ls')] }, S.repeat(5)], { resetOnToolCall: false })).toHaveLength(
      1,
    );
  });

  it('a new user prompt resets the tracking (resetOnUserMessage)', () => {
    const items = [S.repeat(5), { text: S.repeat(5), before: [{ role: 'user' as const, text: 'continue please' }] }];
    expect(events(items)).toEqual([]);
    expect(events(items, { resetOnUserMessage: false })).toHaveLength(1);
  });

  it('inside a code block nothing is tracked', () => {
    expect(events(['```\n' + (S + '\n').repeat(12) + '```\n'])).toEqual([]);
    // After the block closes, tracking goes on.
    expect(events(['```\ncode\n```\n' + S.repeat(12)])).toHaveLength(1);
  });

  it('markdown element lines reset the tracking (each line is one streamed chunk)', () => {
    expect(events([('> ' + S + '\n').repeat(12)])).toEqual([]);
    expect(events([('# ' + S + '\n').repeat(12)])).toEqual([]);
    expect(events([('* ' + S + '\n').repeat(12)])).toEqual([]);
    // Gemini's list regex `[*-+]` is a range that does not hold '-': dash bullets do not reset.
    expect(events([('- ' + S + '\n').repeat(12)])).toHaveLength(1);
  });

  it('occurrences far apart (average distance > 5 chunks) are not a loop', () => {
    // A 351-character paragraph repeated 12 times: every chunk recurs, but 351 > 5 × 50 apart.
    const text = (S + filler(300, 7)).repeat(12);
    expect(events([text])).toEqual([]);
    expect(events([text], { maxDistanceChunks: 10 })).toHaveLength(1);
  });

  it('distinct items sharing a long prefix are not a loop (period check)', () => {
    let text = '';
    for (let k = 0; k < 12; k++) text += `The next step is to update the configuration of item ${filler(8, k)}. `;
    expect(events([text])).toEqual([]);
    expect(events([text], { checkPeriods: false })).toHaveLength(1);
  });

  it('strike 1 warns, strike 2 terminates with the halt notice', () => {
    const r = replay(transcriptOf([S.repeat(12), S.repeat(3)]), cfg());
    expect(r.events.map((e) => [e.turn, e.action, e.level])).toEqual([
      [1, 'warn', 1],
      [2, 'terminate', 2],
    ]);
    expect(
      r.events[1].message.startsWith(
        'A potential loop was detected. This can happen due to repetitive tool calls or other model behavior. The request has been halted. Details: Repeating content detected: "',
      ),
    ).toBe(true);
    expect(r.stoppedAt).toEqual({ turn: 2 });
  });

  it('the text history is capped (maxHistory): older occurrences fall out', () => {
    // 9 copies, 6000 distinct characters, 9 copies: never 10 within the 5000 kept.
    const text = S.repeat(9) + filler(6000, 1) + S.repeat(9);
    expect(events([text])).toEqual([]);
    expect(events([text], { maxHistory: 20000, maxDistanceChunks: 100 })).toHaveLength(1);
  });

  it('long text stays fast (rolling hash)', () => {
    const big = filler(200_000, 3).replace(/(.{79})./g, '$1\n');
    const t0 = performance.now();
    expect(events([big])).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
