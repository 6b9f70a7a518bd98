import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { createImportSlice, type ImportSlice } from './import-slice';

describe('noteInterrupted', () => {
  it('says once why a run is gone, in a banner that can be dismissed, however often it is learnt', () => {
    const store = create<ImportSlice>()((...a) => createImportSlice(...a));
    const why = 'big.loop.jsonl: the page was closed or reloaded while “Big run” was still being stored';
    store.getState().noteInterrupted(7, why);
    // Learnt again when the run's own URL is opened (the worker deleted it there too).
    store.getState().noteInterrupted(7, 'said again');
    store.getState().noteInterrupted(9, 'other.jsonl: gone too');
    const { jobs, interrupted } = store.getState();
    expect(interrupted).toEqual({ 7: why, 9: 'other.jsonl: gone too' });
    expect(jobs.map((j) => [j.status, j.message])).toEqual([
      ['error', why],
      ['error', 'other.jsonl: gone too'],
    ]);
    store.getState().dismissFinished();
    expect(store.getState().jobs).toEqual([]);
    expect(store.getState().interrupted[7]).toBe(why);
  });
});
