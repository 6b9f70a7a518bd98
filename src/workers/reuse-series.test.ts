import { describe, expect, it } from 'vitest';
import { cyc, result } from './page-result.test-util';
import { reuseSeries } from './reuse-series';

describe('reuseSeries', () => {
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
