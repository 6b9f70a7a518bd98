/** The judge's answers in IndexedDB (table `judgeCache`), as the engine's JudgeAnswerStore. */
import { readStoredAnswer, type JudgeAnswerStore, type StoredAnswer } from '../engine/judge/cache-key';
import { JUDGE_LIMITS } from '../model/limits';
import { db as defaultDb, type JudgeCacheEntry, type LoopscopeDb } from './db';

export interface JudgeStoreOptions {
  /** The longest analysis kept: nothing longer can have come from a response within the limit. */
  maxEntryChars?: number;
  /** Told of each entry that could not be read; it is deleted, so the next run asks again. */
  onDropped?: (key: string, problem: string) => void;
}

function toStored(e: JudgeCacheEntry, maxChars: number): StoredAnswer | { problem: string } {
  if (e.failed !== undefined) return readStoredAnswer({ failed: e.failed }, maxChars);
  // An empty analysis is stored for "none".
  return readStoredAnswer(
    { answer: e.analysis === '' ? { confidence: e.confidence } : { confidence: e.confidence, analysis: e.analysis } },
    maxChars,
  );
}

export function indexedDbJudgeStore(database: LoopscopeDb = defaultDb, opts: JudgeStoreOptions = {}): JudgeAnswerStore {
  const maxChars = opts.maxEntryChars ?? JUDGE_LIMITS.responseBytes;
  return {
    async load(prefixes) {
      const out = new Map<string, StoredAnswer>();
      const bad: string[] = [];
      for (const p of prefixes)
        // One row at a time: a cache from before the response limit may hold answers of 150 MB.
        await database.judgeCache
          .where('key')
          .startsWith(p)
          .each((e) => {
            const v = toStored(e, maxChars);
            if ('problem' in v) {
              bad.push(e.key);
              opts.onDropped?.(e.key, v.problem);
            } else out.set(e.key, v);
          });
      if (bad.length) await database.judgeCache.bulkDelete(bad);
      return out;
    },
    async put(key, value) {
      if ('problem' in readStoredAnswer(value, maxChars)) return;
      const at = Date.now();
      await database.judgeCache.put(
        'answer' in value
          ? { key, confidence: value.answer.confidence, analysis: value.answer.analysis ?? '', at }
          : { key, confidence: 0, analysis: '', at, failed: value.failed },
      );
    },
  };
}
/** Forgets the definitive failures of these models, so the next run asks again. */
export async function forgetJudgeFailures(prefixes: string[], database: LoopscopeDb = defaultDb): Promise<number> {
  let n = 0;
  for (const p of prefixes)
    n += await database.judgeCache
      .where('key')
      .startsWith(p)
      .filter((e) => e.failed !== undefined)
      .delete();
  return n;
}
