import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LoopscopeDb } from './db';
import { forgetJudgeFailures, indexedDbJudgeStore } from './judge-cache';

describe('judge answers in IndexedDB', () => {
  it('stores answers and failures by key and loads them by prefix; failures can be forgotten', async () => {
    const db = new LoopscopeDb('judge-cache-test');
    const store = indexedDbJudgeStore(db);
    await store.put('http://h/v1|m|seed000-v1#aa', { answer: { confidence: 0.4, analysis: 'fine' } });
    await store.put('http://h/v1|m|seed000-v1#bb', { failed: 'malformed answer' });
    await store.put('http://other/v1|m|seed000-v1#aa', { answer: { confidence: 1 } });
    const got = await store.load(['http://h/v1|m|seed000-v1#']);
    expect([...got.entries()]).toEqual([
      ['http://h/v1|m|seed000-v1#aa', { answer: { confidence: 0.4, analysis: 'fine' } }],
      ['http://h/v1|m|seed000-v1#bb', { failed: 'malformed answer' }],
    ]);
    expect(await forgetJudgeFailures(['http://h/v1|m|seed000-v1#'], db)).toBe(1);
    expect((await store.load(['http://h/v1|m|seed000-v1#'])).size).toBe(1);
    db.close();
  });

  it('a cached answer that cannot be read (an analysis longer than any response read, a NaN confidence) is dropped with a warning and deleted', async () => {
    const db = new LoopscopeDb('judge-cache-drop-test');
    const K = 'http://h/v1|m|seed000-v1#';
    await db.judgeCache.bulkPut([
      { key: `${K}aa`, confidence: 0.4, analysis: 'fine', at: 1 },
      // What a 150 MB answer from before the response limit looks like, at a test's scale.
      { key: `${K}bb`, confidence: 0.9, analysis: 'x'.repeat(101), at: 1 },
      { key: `${K}cc`, confidence: Number.NaN, analysis: '', at: 1 },
    ]);
    const dropped: string[] = [];
    const store = indexedDbJudgeStore(db, { maxEntryChars: 100, onDropped: (k, p) => dropped.push(`${k}: ${p}`) });
    expect([...(await store.load([K])).entries()]).toEqual([
      [`${K}aa`, { answer: { confidence: 0.4, analysis: 'fine' } }],
    ]);
    expect(dropped).toEqual([
      `${K}bb: its analysis is over the 100 bytes response limit`,
      `${K}cc: its confidence is not a number in 0..1`,
    ]);
    expect(await db.judgeCache.count()).toBe(1);
    // Nothing over the limit is cached.
    await store.put(`${K}dd`, { answer: { confidence: 0.5, analysis: 'y'.repeat(101) } });
    expect(await db.judgeCache.count()).toBe(1);
    db.close();
  });
});
