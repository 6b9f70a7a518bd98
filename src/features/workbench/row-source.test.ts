import { describe, expect, it } from 'vitest';
import type { TurnRow } from '../../workers/rows';
import { BLOCK_ROWS, RowSource } from './row-source';

/** A table of `n` rows, one per turn; records every window asked for. */
function source(n: number) {
  const asked: [number, number][] = [];
  const starts = Int32Array.from({ length: n + 1 }, (_, i) => i);
  const rows = new RowSource(starts, async (s, e) => {
    asked.push([s, e]);
    return Array.from({ length: e - s }, (_, k): TurnRow => ({ turn: s + k + 1, text: `t${s + k + 1}` }));
  });
  return { rows, asked };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('RowSource', () => {
  it('fetches the visible block and one either side, once, and tells subscribers', async () => {
    const { rows, asked } = source(2000);
    let told = 0;
    rows.subscribe(() => told++);
    expect(rows.get(600)).toBeUndefined();
    rows.ensure(600, 640);
    rows.ensure(600, 640);
    await settle();
    expect(asked).toEqual([
      [256, 512],
      [512, 768],
      [768, 1024],
    ]);
    expect(told).toBe(3);
    expect(rows.get(600)).toEqual({ turn: 601, text: 't601' });
    rows.ensure(610, 650);
    await settle();
    expect(asked).toHaveLength(3);
  });

  it('clamps the last block to the row count', async () => {
    const { rows, asked } = source(BLOCK_ROWS + 10);
    rows.ensure(BLOCK_ROWS + 5, BLOCK_ROWS + 9);
    await settle();
    expect(asked).toEqual([
      [0, BLOCK_ROWS],
      [BLOCK_ROWS, BLOCK_ROWS + 10],
    ]);
    expect(rows.count).toBe(BLOCK_ROWS + 10);
  });
});
