import { describe, expect, it } from 'vitest';
import type { CycleSample } from '../engine/types';
import { bucketCycles, columnarFingerprints, reuseSeries, toPageResult, transferables } from './page-result';

const fp = {
  top: [{ fingerprint: 'ls:{}', name: 'ls', count: 3 }],
  timeline: [
    { turn: 1, counts: [1] },
    { turn: 4, counts: [3] },
  ],
};
const cyc = (turn: number, repetitions: number): CycleSample => ({
  turn,
  call: 1,
  detector: 'cycle',
  period: 2,
  repetitions,
});
const result = (cycles: CycleSample[]) =>
  toPageResult({ turns: 4, calls: 3, events: [], checks: [], cycles, stoppedAt: null, fingerprints: fp }, 2);

describe('page results', () => {
  it('puts the fingerprint timeline in typed columns', () => {
    const c = columnarFingerprints(fp);
    expect([...c.turn]).toEqual([1, 4]);
    expect(c.counts.map((x) => [...x])).toEqual([[1, 3]]);
  });
  it('buckets cycles with the min and max of each bucket, each at the turn reaching it first', () => {
    const b = bucketCycles([cyc(1, 3), cyc(2, 5), cyc(2, 4), cyc(4, 2)], 4, 2);
    expect(b.maxRepetitions).toBe(5);
    expect(b.series.map((s) => [[...s.turn], [...s.max], [...s.minTurn], [...s.min]])).toEqual([
      [
        [2, 4],
        [5, 2],
        [1, 4],
        [3, 2],
      ],
    ]);
  });
  it('lists every buffer to transfer', () => {
    // The 8 event columns, the fingerprint turns and counts, the 4 columns of the one cycle series.
    expect(transferables(result([cyc(1, 2)]))).toHaveLength(8 + 2 + 4);
  });
  it('keeps the previous series objects when they are equal, and takes new ones when not', () => {
    const a = result([cyc(1, 2)]);
    const same = reuseSeries(a, result([cyc(1, 2)]));
    expect(same.fingerprints).toBe(a.fingerprints);
    expect(same.cycles).toBe(a.cycles);
    const changed = reuseSeries(a, result([cyc(1, 3)]));
    expect(changed.fingerprints).toBe(a.fingerprints);
    expect(changed.cycles).not.toBe(a.cycles);
    expect(changed.cycles.maxRepetitions).toBe(3);
  });
});
