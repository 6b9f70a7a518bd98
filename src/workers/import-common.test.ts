import { describe, expect, it } from 'vitest';
import { PROGRESS_EVERY_MS, throttled } from './import-common';

describe('throttled progress', () => {
  it('tells the page at most once per whole percent and per interval, and always the end', () => {
    const told: number[] = [];
    let clock = 0;
    const progress = throttled(
      (read) => told.push(read),
      () => clock,
    );
    progress(0, 1000); // 0 %: the first is always told
    progress(5, 1000); // still 0 %
    clock = 10;
    progress(20, 1000); // 2 %, but only 10 ms later
    clock = PROGRESS_EVERY_MS;
    progress(30, 1000); // 3 %, an interval after the first
    progress(30, 1000);
    clock = PROGRESS_EVERY_MS + 1;
    progress(1000, 1000); // the end, however soon
    expect(told).toEqual([0, 30, 1000]);
  });

  it('tells an empty file as done', () => {
    const told: [number, number][] = [];
    throttled(
      (read, total) => told.push([read, total]),
      () => 0,
    )(0, 0);
    expect(told).toEqual([[0, 0]]);
  });
});
