import { describe, expect, it } from 'vitest';
import { cyc, result } from './page-result.test-util';
import { transferables } from './to-page-result';

describe('page results', () => {
  it('lists every buffer to transfer', () => {
    // The 8 event columns, the fingerprint turns and counts, the 4 columns of the one cycle series.
    expect(transferables(result([cyc(1, 2)]))).toHaveLength(8 + 2 + 4);
  });
});
