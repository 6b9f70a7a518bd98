import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'exact-repeat': params } });

const ls = call('bash', { command: 'ls' });
const x = (i: number) => call('read', { path: `f${i}.rs` });

const WARN = (n: number) =>
  `⚠️ Loop detected (exact duplicate of 'bash'). The tool 'bash' has been called ${n} times with identical arguments. ` +
  'Consider a different approach or ask the user for help.';
const STOP = (n: number) =>
  `Loop detected: The tool 'bash' has been called ${n} times with identical arguments. ` +
  'Consider a different approach or ask the user for help.';

describe('exact-repeat (ChatLoop level 1)', () => {
  it('test_exact_duplicate_detection: 3 identical calls trigger', () => {
    const ev = eventsOf(transcriptOf([ls, ls, ls]), cfg(), 'exact-repeat');
    expect(brief(ev)).toEqual([[3, 'warn', 1]]);
    expect(ev[0].message).toBe(WARN(3));
    expect(ev[0].pattern).toEqual(['bash:{"command":"ls"}']);
    // two are not enough
    expect(eventsOf(transcriptOf([ls, ls]), cfg(), 'exact-repeat')).toEqual([]);
  });

  it('test_no_false_positives: different calls do not trigger', () => {
    expect(eventsOf(transcriptOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(x)), cfg(), 'exact-repeat')).toEqual([]);
    // same tool, different arguments; same arguments, different tool
    const t = transcriptOf([ls, call('bash', { command: 'ls -la' }), call('sh', { command: 'ls' }), ls]);
    expect(eventsOf(t, cfg(), 'exact-repeat')).toEqual([]);
  });

  it('argument key order does not matter (canonical JSON)', () => {
    const a = call('grep', { pattern: 'foo', path: 'src' });
    const b = call('grep', { path: 'src', pattern: 'foo' });
    expect(brief(eventsOf(transcriptOf([a, b, a]), cfg(), 'exact-repeat'))).toEqual([[3, 'warn', 1]]);
  });

  it('test_graduated_response: Warn → Warn → Terminate, then the last action repeats', () => {
    const r = run(transcriptOf([ls, ls, ls, ls, ls, ls]), cfg());
    expect(brief(r.events)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
      [5, 'terminate', 3],
      [6, 'terminate', 4],
    ]);
    expect(r.events.map((e) => e.message)).toEqual([WARN(3), WARN(4), STOP(5), STOP(6)]);
    expect(r.stoppedAt).toEqual({ turn: 5, call: 5 });
    expect(r.events[3].afterStop).toBe(true);
  });

  it('test_window_size_limit: copies older than the window are discarded', () => {
    // window 10: calls 1-2 are still in the window of call 11, call 1 no longer in that of call 12
    const inside = transcriptOf(
      [ls, ls, 1, 2, 3, 4, 5, 6, 7, 8].map((c) => (typeof c === 'number' ? x(c) : c)).concat([ls]),
    );
    expect(brief(eventsOf(inside, cfg(), 'exact-repeat'))).toEqual([[11, 'warn', 1]]);
    const outside = transcriptOf(
      [ls, ls, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => (typeof c === 'number' ? x(c) : c)).concat([ls]),
    );
    expect(eventsOf(outside, cfg(), 'exact-repeat')).toEqual([]);
    // a smaller window forgets sooner
    const near = transcriptOf([ls, ls, x(1), ls]);
    expect(brief(eventsOf(near, cfg({ windowSize: 2 }), 'exact-repeat'))).toEqual([]);
    expect(brief(eventsOf(near, cfg({ windowSize: 3 }), 'exact-repeat'))).toEqual([[4, 'warn', 1]]);
  });

  it('test_clear_resets_state: a fresh replay starts again at level 1 (no clear() in a replay)', () => {
    const t = transcriptOf([ls, ls, ls, ls]);
    const first = run(t, cfg());
    const second = run(t, cfg());
    expect(brief(second.events)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
    ]);
    expect(second.events).toEqual(first.events);
  });

  it('maxDuplicates 1 fires on the 2nd identical call (the aggressive example)', () => {
    expect(
      brief(
        eventsOf(transcriptOf([ls, ls]), cfg({ maxDuplicates: 1, actions: ['warn', 'terminate'] }), 'exact-repeat'),
      ),
    ).toEqual([[2, 'warn', 1]]);
  });

  it('calls in one turn count one by one', () => {
    const ev = eventsOf(transcriptOf([[ls, ls, ls]]), cfg(), 'exact-repeat');
    expect(ev.map((e) => [e.turn, e.call, e.action])).toEqual([[1, 3, 'warn']]);
  });
});
