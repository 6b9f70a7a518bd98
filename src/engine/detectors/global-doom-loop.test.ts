import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, transcriptOf } from '../test-util';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({ detectors: { 'global-doom-loop': params } });
const grepBy = (agent?: string, extra: Record<string, unknown> = {}) =>
  call('grep', { pattern: 'auth', ...extra }, 'no matches', agent);

describe('global-doom-loop (the doom-loop design)', () => {
  it('10 calls of one fingerprint across 2 agents: declared on the 10th, nudged on each further one', () => {
    const calls = Array.from({ length: 11 }, (_, i) => grepBy(i % 2 ? 'w2' : 'w1'));
    const ev = eventsOf(transcriptOf(calls), cfg(), 'global-doom-loop');
    expect(brief(ev)).toEqual([
      [10, 'warn', 1],
      [11, 'warn', 2],
    ]);
    expect(ev[0].message).toBe(
      '[System] GLOBAL DOOM LOOP: 10 calls to grep across\n' +
        '2 workers. The entire swarm is stuck on this approach.\n' +
        '1. Try a fundamentally different strategy\n' +
        '2. Do NOT retry the same tool/parameters\n' +
        '3. Consider whether the task goal itself needs re-evaluation',
    );
    expect(ev[1].message).toContain('11 calls to grep across\n2 workers');
  });

  it('one agent never triggers it, however often it repeats', () => {
    expect(eventsOf(transcriptOf(Array.from({ length: 30 }, () => grepBy('w1'))), cfg(), 'global-doom-loop')).toEqual(
      [],
    );
    expect(eventsOf(transcriptOf(Array.from({ length: 30 }, () => grepBy())), cfg(), 'global-doom-loop')).toEqual([]);
  });

  it('uses the primary fingerprint: optional params do not split the count', () => {
    const calls = Array.from({ length: 10 }, (_, i) => grepBy(i < 5 ? 'w1' : 'w2', { context: i }));
    expect(brief(eventsOf(transcriptOf(calls), cfg(), 'global-doom-loop'))).toEqual([[10, 'warn', 1]]);
  });

  it('the turn agent stands in for calls without one; the lead without an id is an agent too', () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({ agent: i < 9 ? 'w1' : 'w2', calls: [grepBy()] }));
    expect(brief(eventsOf(transcriptOf(turns), cfg(), 'global-doom-loop'))).toEqual([[10, 'warn', 1]]);
    const mixed = Array.from({ length: 10 }, (_, i) => grepBy(i === 0 ? 'w1' : undefined));
    expect(brief(eventsOf(transcriptOf(mixed), cfg(), 'global-doom-loop'))).toEqual([[10, 'warn', 1]]);
  });

  it('needs 10 of the same fingerprint: different calls do not add up', () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      call('grep', { pattern: 'p' + (i % 3) }, '', i % 2 ? 'w1' : 'w2'),
    );
    expect(eventsOf(transcriptOf(calls), cfg(), 'global-doom-loop')).toEqual([]);
  });

  it('minAgents 1 and the threshold are configurable', () => {
    const calls = Array.from({ length: 5 }, () => grepBy('w1'));
    expect(brief(eventsOf(transcriptOf(calls), cfg({ threshold: 5, minAgents: 1 }), 'global-doom-loop'))).toEqual([
      [5, 'warn', 1],
    ]);
  });
});
