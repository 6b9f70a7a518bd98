/** The judge's answers in IndexedDB (table `judgeCache`), as the engine's JudgeAnswerStore. */
import type { JudgeAnswerStore, StoredAnswer } from '../engine/judge/cache-key';
import { db as defaultDb, type JudgeCacheEntry, type LoopscopeDb } from './db';

function toStored(e: JudgeCacheEntry): StoredAnswer {
  if (e.failed !== undefined) return { failed: e.failed };
  return { answer: e.analysis ? { confidence: e.confidence, analysis: e.analysis } : { confidence: e.confidence } };
}

export function indexedDbJudgeStore(database: LoopscopeDb = defaultDb): JudgeAnswerStore {
  return {
    async load(prefixes) {
      const out = new Map<string, StoredAnswer>();
      for (const p of prefixes)
        for (const e of await database.judgeCache.where('key').startsWith(p).toArray()) out.set(e.key, toStored(e));
      return out;
    },
    async put(key, value) {
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
