import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, run, transcriptOf } from '../test-util';
import { doomLoopNudge, doomLoopRejection } from './doom-loop';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'doom-loop': params } });
const grep = call('grep', { pattern: 'TODO', path: 'src' });
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

const TIER1 =
  "[System] You've called grep with the same arguments 3 times.\n" +
  'This indicates a stuck state. Either:\n' +
  '1. Try a DIFFERENT approach or tool\n' +
  "2. If blocked, explain what's preventing progress\n" +
  '3. If the task is complete, say so explicitly';
const TIER2 = (n: number) =>
  `[System] WARNING: You've called grep ${n} times with identical arguments.\n` +
  'This is a stuck state.\n' +
  '1. Try a DIFFERENT approach or tool\n' +
  '2. If blocked, explain the blocker';
const TIER3 = (n: number) =>
  `[System] CRITICAL: You've called grep with the same arguments ${n} times.\n` +
  'You are in a doom loop. You MUST:\n' +
  '1. STOP calling grep immediately\n' +
  "2. Explain what you're stuck on\n" +
  '3. Try a completely different approach\n' +
  'Further identical calls will be rejected.';

describe('doom-loop (the doom-loop design)', () => {
  it('tiers: exact 3 → initial text, 4-5 → WARNING, 6 → CRITICAL, then rejection', () => {
    const ev = eventsOf(transcriptOf(times(8, grep)), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
      [5, 'warn', 2],
      [6, 'warn', 3],
      [7, 'block', 4],
      [8, 'block', 4],
    ]);
    expect(ev.map((e) => e.message)).toEqual([
      TIER1,
      TIER2(4),
      TIER2(5),
      TIER3(6),
      doomLoopRejection('grep', 7),
      doomLoopRejection('grep', 8),
    ]);
    expect(ev[4].message).toBe(
      '[System] REJECTED: grep called with the same arguments 7 times after the critical warning. This call was not run.\n' +
        'Stop calling grep and try a completely different approach.',
    );
    expect(ev[0].pattern).toEqual(['grep:{"path":"src","pattern":"TODO"}']);
  });

  it('the count is capped by the sliding window of 10 calls', () => {
    const ev = eventsOf(transcriptOf(times(12, grep)), cfg(), 'doom-loop');
    expect(ev.slice(-3).map((e) => e.message)).toEqual([
      doomLoopRejection('grep', 10),
      doomLoopRejection('grep', 10),
      doomLoopRejection('grep', 10),
    ]);
  });

  it('only consecutive calls count: a different call in between restarts the run', () => {
    const other = call('read_file', { path: 'a.ts' });
    const ev = eventsOf(transcriptOf([grep, grep, other, grep, grep, grep]), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([[6, 'warn', 1]]);
  });

  it('a broken run must reach CRITICAL again before calls are rejected', () => {
    const other = call('read_file', { path: 'a.ts' });
    const ev = eventsOf(transcriptOf([...times(7, grep), other, ...times(7, grep)]), cfg(), 'doom-loop');
    expect(brief(ev).slice(-5)).toEqual([
      [11, 'warn', 1],
      [12, 'warn', 2],
      [13, 'warn', 2],
      [14, 'warn', 3],
      [15, 'block', 4],
    ]);
    expect(ev).toHaveLength(10);
  });

  it('fuzzy threshold 4: same path with different optional params fires on the 4th call', () => {
    const reads = ['utf8', 'latin1', 'ascii', 'utf16', 'binary'].map((encoding) =>
      call('read_file', { path: 'a.ts', encoding }),
    );
    const ev = eventsOf(transcriptOf(reads), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([
      [4, 'warn', 2],
      [5, 'warn', 2],
    ]);
    expect(ev[0].message).toBe(doomLoopNudge(2, 'read_file', 4));
    expect(ev[0].pattern).toEqual(['read_file:{"path":"a.ts"}']);
  });

  it('fuzzy is not consulted when exact already triggered', () => {
    const a = call('read_file', { path: 'a.ts', encoding: 'utf8' });
    const b = call('read_file', { path: 'a.ts', encoding: 'latin1' });
    // Call 4: primary run 4, exact run 3 → the exact count (3, initial tier) is used.
    const ev = eventsOf(transcriptOf([a, b, b, b]), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([[4, 'warn', 1]]);
    expect(ev[0].message).toBe(doomLoopNudge(1, 'read_file', 3));
  });

  it('doom-loop design quirk: once a fuzzy run turns exact, the exact count (lower) picks the tier', () => {
    const a = call('read_file', { path: 'a.ts', encoding: 'utf8' });
    const b = call('read_file', { path: 'a.ts', encoding: 'latin1' });
    const ev = eventsOf(transcriptOf([a, b, a, b, b, b]), cfg(), 'doom-loop');
    expect(ev.map((e) => e.message)).toEqual([
      doomLoopNudge(2, 'read_file', 4),
      doomLoopNudge(2, 'read_file', 5),
      doomLoopNudge(1, 'read_file', 3),
    ]);
  });

  it('after the CRITICAL nudge every further call of the run is rejected, exact or fuzzy', () => {
    const a = call('read_file', { path: 'a.ts', encoding: 'utf8' });
    const b = call('read_file', { path: 'a.ts', encoding: 'latin1' });
    const ev = eventsOf(transcriptOf([a, b, a, b, a, b, b, b, b]), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([
      [4, 'warn', 2],
      [5, 'warn', 2],
      [6, 'warn', 3],
      [7, 'block', 4],
      [8, 'block', 4],
      [9, 'block', 4],
    ]);
    expect(ev.at(-1)?.message).toBe(doomLoopRejection('read_file', 9));
  });

  it('bash file-read normalisation: cat / head / tail of one file is a fuzzy doom loop', () => {
    const cmds = ['cat foo.ts', 'head foo.ts', 'tail -n 20 foo.ts', 'cat foo.ts'];
    const ev = eventsOf(transcriptOf(cmds.map((command) => call('bash', { command }))), cfg(), 'doom-loop');
    expect(brief(ev)).toEqual([[4, 'warn', 2]]);
    expect(ev[0].message).toBe(doomLoopNudge(2, 'bash', 4));
    expect(ev[0].pattern).toEqual(['bash:file_read:foo.ts']);
  });

  it('piped reads of one file are not normalised and do not fire', () => {
    const cmds = ['cat foo.ts | head', 'cat foo.ts | tail', 'cat foo.ts | grep a', 'cat foo.ts | wc -l'];
    expect(eventsOf(transcriptOf(cmds.map((command) => call('bash', { command }))), cfg(), 'doom-loop')).toEqual([]);
  });

  it('block: false keeps warning at the CRITICAL tier', () => {
    const ev = eventsOf(transcriptOf(times(8, grep)), cfg({ block: false }), 'doom-loop');
    expect(brief(ev).slice(-3)).toEqual([
      [6, 'warn', 3],
      [7, 'warn', 3],
      [8, 'warn', 3],
    ]);
    expect(ev.at(-1)?.message).toBe(TIER3(8));
  });

  it('reports the repetition as a 1-call cycle for the charts', () => {
    const r = run(transcriptOf(times(4, grep)), cfg());
    expect(r.cycles.map((c) => [c.call, c.period, c.repetitions])).toEqual([
      [3, 1, 3],
      [4, 1, 4],
    ]);
  });

  it('two identical calls are fine', () => {
    expect(eventsOf(transcriptOf([grep, grep]), cfg(), 'doom-loop')).toEqual([]);
  });
});
