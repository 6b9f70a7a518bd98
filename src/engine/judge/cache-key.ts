/**
 * Where a judge answer is filed: endpoint + model + prompt version + history hash. The engine's
 * JudgeCache keys answers by `judgeCacheKey(model, hash)`; we pass it a "model" that is the whole
 * endpoint identity, so answers of two servers (or two prompt versions) never mix.
 */
import { describeBytes } from '../../model/limits';
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

/** Characters of a cached failure's reason: real ones are one line. */
const FAILED_CHARS = 2000;

/**
 * A stored entry as read back, or why it cannot be used (written by another version, torn, or an
 * answer longer than any response the client reads, as a cache from before that limit may hold).
 */
export function readStoredAnswer(v: unknown, maxChars: number): StoredAnswer | { problem: string } {
  if (typeof v !== 'object' || v === null) return { problem: 'not an answer object' };
  const o = v as Record<string, unknown>;
  if ('failed' in o) {
    if (typeof o.failed !== 'string') return { problem: 'its failure reason is not text' };
    return o.failed.length > FAILED_CHARS ? { problem: 'its failure reason is too long' } : { failed: o.failed };
  }
  const a = o.answer as { confidence?: unknown; analysis?: unknown } | null;
  if (typeof a !== 'object' || a === null) return { problem: 'not an answer object' };
  const c = a.confidence;
  if (typeof c !== 'number' || !(c >= 0 && c <= 1)) return { problem: 'its confidence is not a number in 0..1' };
  if (a.analysis === undefined) return { answer: { confidence: c } };
  if (typeof a.analysis !== 'string') return { problem: 'its analysis is not text' };
  if (a.analysis.length > maxChars)
    return { problem: `its analysis is over the ${describeBytes(maxChars)} response limit` };
  return { answer: { confidence: c, analysis: a.analysis } };
}

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
