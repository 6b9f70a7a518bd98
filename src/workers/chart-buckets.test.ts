import { describe, expect, it } from 'vitest';
import { bucketCycles, columnarFingerprints } from './chart-buckets';
import { cyc, fp } from './page-result.test-util';

describe('chart buckets', () => {
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
});
