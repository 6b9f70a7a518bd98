/**
 * Where a judge answer is filed: endpoint + model + prompt version + history hash. The engine's
 * JudgeCache keys answers by `judgeCacheKey(model, hash)`; we pass it a "model" that is the whole
 * endpoint identity, so answers of two servers (or two prompt versions) never mix.
 */
import type { JudgeAnswer } from './request';

/**
 * Bump when the question changes: the system or task prompt, how history is rendered, the
 * response schema. Old answers then stay in the cache but are never read.
 */
export const JUDGE_PROMPT_VERSION = 'seed000-v1';

/** Scheme, host and path of the base URL, lower-cased host, no trailing slash. */
export function normalizeBaseUrl(baseUrl: string): string {
  const u = new URL(baseUrl.trim());
  return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}`;
}

export function modelCacheId(baseUrl: string, model: string): string {
  return `${normalizeBaseUrl(baseUrl)}|${model}|${JUDGE_PROMPT_VERSION}`;
}

/** A stored answer, or a definitive failure (a malformed answer, an unknown model). */
export type StoredAnswer = { answer: JudgeAnswer } | { failed: string };

/** Where answers persist: IndexedDB in the browser, a JSON file for the CLI, a Map in tests. */
export interface JudgeAnswerStore {
  /** Every entry whose key starts with one of the prefixes. */
  load(prefixes: string[]): Promise<Map<string, StoredAnswer>>;
  put(key: string, value: StoredAnswer): Promise<void>;
}

export function memoryStore(
  map = new Map<string, StoredAnswer>(),
): JudgeAnswerStore & { map: Map<string, StoredAnswer> } {
  return {
    map,
    async load(prefixes) {
      const out = new Map<string, StoredAnswer>();
      for (const [k, v] of map) if (prefixes.some((p) => k.startsWith(p))) out.set(k, v);
      return out;
    },
    async put(key, value) {
      map.set(key, value);
    },
  };
}
