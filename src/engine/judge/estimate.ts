/**
 * What a judge run will send, before anything is sent. The schedule depends on the answers, so
 * the count is a range: every unknown answer low (0: the longest interval, fewest checks) or
 * just under the threshold (the shortest interval, most checks). Cached answers are used as they
 * are. Tokens are estimated as characters / 4 of the request's messages.
 */
import type { Transcript } from '../../model/transcript';
import { modelCacheId, type StoredAnswer } from './cache-key';
import { historyHash, prepareHistory } from './history';
import { JudgeLoop, type JudgeLoopParams } from './judge-loop';
import { buildJudgeRequest, judgeCacheKey, type JudgeAnswer } from './request';
import type { JudgeModels } from './run';

export interface JudgeEstimate {
  /** Checks in the schedule if every unknown answer were 0. */
  minChecks: number;
  /** Checks if every unknown answer were just under the threshold. */
  maxChecks: number;
  /** Checks of the longest schedule already answered from the cache. */
  cachedChecks: number;
  /** First-model requests the longest schedule would send (a second-model request follows each answer ≥ threshold). */
  maxRequests: number;
  /** Estimated input tokens of one request (the mean over the longest schedule's new requests). */
  tokensPerRequest: number;
  /** Estimated input tokens of all first-model requests of the longest schedule. */
  maxTokens: number;
}

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function walk(
  t: Transcript,
  params: Omit<JudgeLoopParams, 'source'>,
  models: JudgeModels,
  baseUrl: string,
  cached: ReadonlyMap<string, StoredAnswer>,
  unknown: number,
  stopAtTerminate: boolean,
) {
  const ids = { flash: modelCacheId(baseUrl, models.flash), pro: modelCacheId(baseUrl, models.pro) };
  const loop = new JudgeLoop({ ...params, source: 'openai-compatible' }, t);
  let checks = 0;
  let cachedChecks = 0;
  let requests = 0;
  let chars = 0;
  for (const turn of t.turns) {
    if (!loop.startTurn(turn.index)) continue;
    checks++;
    const history = prepareHistory(t, turn.index, params.historyCount);
    const hash = historyHash(history);
    const out = loop.checkWith(turn.index, (role) => {
      const hit = cached.get(judgeCacheKey(ids[role], hash));
      if (hit) {
        if (role === 'flash') cachedChecks++;
        return 'answer' in hit ? hit.answer : undefined;
      }
      if (role === 'pro') return { confidence: unknown } satisfies JudgeAnswer;
      requests++;
      chars += JSON.stringify(buildJudgeRequest(models.flash, history).messages).length;
      return { confidence: unknown };
    });
    if (out.event?.action === 'terminate' && stopAtTerminate) break;
  }
  return { checks, cachedChecks, requests, chars };
}

export function estimateJudgeRun(
  t: Transcript,
  params: Omit<JudgeLoopParams, 'source'>,
  models: JudgeModels,
  baseUrl: string,
  cached: ReadonlyMap<string, StoredAnswer> = new Map(),
  stopAtTerminate = true,
): JudgeEstimate {
  const low = walk(t, params, models, baseUrl, cached, 0, stopAtTerminate);
  // Just under the threshold: no confirmation, the shortest interval the formula gives.
  const high = walk(t, params, models, baseUrl, cached, Math.max(0, params.threshold - 1e-6), stopAtTerminate);
  const tokens = estimateTokens(high.chars);
  return {
    minChecks: Math.min(low.checks, high.checks),
    maxChecks: Math.max(low.checks, high.checks),
    cachedChecks: high.cachedChecks,
    maxRequests: high.requests,
    tokensPerRequest: high.requests ? Math.round(tokens / high.requests) : 0,
    maxTokens: tokens,
  };
}
