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
});
