import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { pattern: params } });

const A = call('read', { path: 'src/a.rs' });
const B = call('bash', { command: 'cargo build' });
const C = call('edit', { path: 'src/a.rs', old: 'x', new: 'y' });
const D = call('grep', { pattern: 'fn main' });
const E = call('ls', { path: 'src' });
const F = call('glob', { pattern: '*.rs' });
const others = (n: number) => Array.from({ length: n }, (_, i) => call('read', { path: `other${i}.rs` }));

const WARN = (chain: string, L: number, reps: number) =>
  `⚠️ Loop detected (repeating pattern of ${L} calls). The pattern ${chain} has repeated ${reps} times. ` +
  'Consider a different approach or ask the user for help.';

describe('pattern (ChatLoop level 2)', () => {
  it('test_pattern_detection: A→B→A→B fires on the 4th call (current call included)', () => {
    const r = run(transcriptOf([A, B, A, B]), cfg());
    expect(brief(r.events)).toEqual([[4, 'warn', 1]]);
    expect(r.events[0].message).toBe(WARN('read → bash', 2, 2));
    expect(r.events[0].pattern).toEqual(['read:{"path":"src/a.rs"}', 'bash:{"command":"cargo build"}']);
    expect(r.cycles).toEqual([{ turn: 4, call: 4, detector: 'pattern', period: 2, repetitions: 2 }]);
    expect(eventsOf(transcriptOf([A, B, A]), cfg(), 'pattern')).toEqual([]);
  });

  it('A→B→C→A→B→C (a 3-call cycle) fires on the 6th call', () => {
    const r = run(transcriptOf([A, B, C, A, B, C]), cfg());
    expect(brief(r.events)).toEqual([[6, 'warn', 1]]);
    expect(r.events[0].message).toBe(WARN('read → bash → edit', 3, 2));
  });

  it('test_no_false_positives: different calls, and a near miss A,B,A,C, do not fire', () => {
    expect(eventsOf(transcriptOf(others(12)), cfg(), 'pattern')).toEqual([]);
    expect(eventsOf(transcriptOf([A, B, A, C, A, D]), cfg(), 'pattern')).toEqual([]);
  });

  it('test_graduated_response: a continuing cycle fires on every call, Warn → Warn → Terminate', () => {
    const r = run(transcriptOf([A, B, A, B, A, B]), cfg());
    expect(brief(r.events)).toEqual([
      [4, 'warn', 1],
      [5, 'warn', 2],
      [6, 'terminate', 3],
    ]);
    // at call 5 the last two calls are B, A
    expect(r.events[1].message).toBe(WARN('bash → read', 2, 2));
    expect(r.events[2].message).toBe(
      'Loop detected: The pattern read → bash has repeated 3 times. Consider a different approach or ask the user for help.',
    );
    expect(r.stoppedAt).toEqual({ turn: 6, call: 6 });
  });

  it('the smallest pattern length wins; one call repeated is a 2-call pattern [A, A]', () => {
    const r = run(transcriptOf([A, A, A, A]), cfg());
    expect(brief(r.events)).toEqual([[4, 'warn', 1]]);
    expect(r.events[0].message).toBe(WARN('read → read', 2, 2));
    expect(eventsOf(transcriptOf([A, A, A]), cfg(), 'pattern')).toEqual([]);
    // with minPatternLength 1, A, A is already a pattern
    expect(brief(eventsOf(transcriptOf([A, A]), cfg({ minPatternLength: 1 }), 'pattern'))).toEqual([[2, 'warn', 1]]);
  });

  it('test_window_size_limit: every repetition must lie in the window (current call included)', () => {
    const five = [A, B, C, D, E];
    expect(brief(eventsOf(transcriptOf([...five, ...five]), cfg(), 'pattern'))).toEqual([[10, 'warn', 1]]);
    expect(eventsOf(transcriptOf([...five, ...five]), cfg({ windowSize: 9 }), 'pattern')).toEqual([]);
  });

  it('patterns longer than maxPatternLength or shorter than minPatternLength are ignored', () => {
    const six = [A, B, C, D, E, F];
    expect(eventsOf(transcriptOf([...six, ...six]), cfg({ windowSize: 12 }), 'pattern')).toEqual([]);
    expect(
      brief(eventsOf(transcriptOf([...six, ...six]), cfg({ windowSize: 12, maxPatternLength: 6 }), 'pattern')),
    ).toEqual([[12, 'warn', 1]]);
    expect(eventsOf(transcriptOf([A, B, A, B]), cfg({ minPatternLength: 3 }), 'pattern')).toEqual([]);
  });

  it('minPatternRepetitions 3: A,B repeated three times fires on the 6th call', () => {
    const r = run(transcriptOf([A, B, A, B, A, B]), cfg({ minPatternRepetitions: 3 }));
    expect(brief(r.events)).toEqual([[6, 'warn', 1]]);
    expect(r.cycles.map((c) => [c.call, c.period, c.repetitions])).toEqual([[6, 2, 3]]);
  });

  it("match 'name' compares tool names only (the ChatLoop design's simpler version)", () => {
    const t = transcriptOf([
      call('read', { path: 'a' }),
      call('ls', { path: 'x' }),
      call('read', { path: 'b' }),
      call('ls', { path: 'y' }),
    ]);
    expect(eventsOf(t, cfg(), 'pattern')).toEqual([]);
    const ev = eventsOf(t, cfg({ match: 'name' }), 'pattern');
    expect(brief(ev)).toEqual([[4, 'warn', 1]]);
    expect(ev[0].pattern).toEqual(['read', 'ls']);
  });

  it('test_clear_resets_state: a fresh replay starts again at level 1', () => {
    const t = transcriptOf([A, B, A, B, A]);
    run(t, cfg());
    expect(brief(run(t, cfg()).events)).toEqual([
      [4, 'warn', 1],
      [5, 'warn', 2],
    ]);
  });
});
