import { describe, expect, it } from 'vitest';
import type { Turn } from '../model/transcript';
import { approxChars, chunkTurns, CHUNK_MAX_CHARS, TURN_MAX_CHARS } from './chunking';

function turn(index: number, resultChars: number): Turn {
  return {
    index,
    text: '',
    calls: [
      { index, name: 'cat', args: { path: 'big.log' }, result: { content: 'x'.repeat(resultChars), isError: false } },
    ],
  };
}

describe('chunkTurns', () => {
  it('bounds chunks by size: 2,100 turns of 70 KB results (147 M characters) are stored in 9 records', () => {
    const turns = Array.from({ length: 2100 }, (_, i) => turn(i + 1, 70_000));
    const { chunks, warnings } = chunkTurns(turns);
    // Each turn is 70,126 characters with its keys: 239 fit under 16 Mi characters.
    expect(approxChars(turns[0])).toBe(70_126);
    expect(chunks.map((c) => c.length)).toEqual([239, 239, 239, 239, 239, 239, 239, 239, 188]);
    expect(chunks.every((c) => c.reduce((n, t) => n + approxChars(t), 0) <= CHUNK_MAX_CHARS)).toBe(true);
    expect(chunks.flat()).toEqual(turns);
    expect(warnings).toEqual([]);
  });

  it('keeps 2,000 turns a chunk when they are small', () => {
    const { chunks } = chunkTurns(Array.from({ length: 4001 }, (_, i) => turn(i + 1, 10)));
    expect(chunks.map((c) => c.length)).toEqual([2000, 2000, 1]);
  });

  it('cuts the end of the largest result of a turn too big for one record, and says so', () => {
    const big = turn(3, 60 * 1024 * 1024);
    const { chunks, warnings } = chunkTurns([turn(1, 5), turn(2, 5), big]);
    expect(chunks.length).toBe(2);
    const kept = chunks[1][0].calls[0].result!.content;
    expect(approxChars(chunks[1][0])).toBeLessThanOrEqual(TURN_MAX_CHARS + 100);
    expect(
      kept.endsWith(`\n[… ${60 * 1024 * 1024 - (TURN_MAX_CHARS - 126)} characters cut to fit browser storage]`),
    ).toBe(true);
    expect(warnings).toEqual([
      'turn 3: 63 M characters is more than one stored record holds; the end of the result of call 3 was cut',
    ]);
    // The original turn is not changed.
    expect(big.calls[0].result!.content.length).toBe(60 * 1024 * 1024);
  });

  it('cuts the end of a huge assistant text when no result is large (a 200 MB single line)', () => {
    const base = turn(1, 5);
    const big = { ...base, text: 'x'.repeat(60 * 1024 * 1024) };
    const { chunks, warnings } = chunkTurns([big]);
    expect(approxChars(chunks[0][0])).toBeLessThanOrEqual(TURN_MAX_CHARS + 100);
    expect(chunks[0][0].text.endsWith(' characters cut to fit browser storage]')).toBe(true);
    expect(warnings).toEqual([
      'turn 1: 63 M characters is more than one stored record holds; the end of the result of call 1 and the end of the assistant text was cut',
    ]);
    expect(big.text.length).toBe(60 * 1024 * 1024);
  });
});
