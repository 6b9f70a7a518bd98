/**
 * A live judge run: walks the LLM-check design's schedule over a transcript and asks the endpoint at each
 * due check (flash, then pro when flash reaches the threshold), through JudgeLoop, the same
 * decision code the llm-judge detector replays. Answers come from the store first; new ones are
 * stored as they arrive, so a cancelled run keeps what it got and a second run sends nothing.
 */
import type { JudgeRecord, Transcript } from '../../model/transcript';
import { JUDGE_LIMITS } from '../../model/limits';
import {
  askJudgeModel,
  defaultSleep,
  describeSeconds,
  withinRange,
  type AskStats,
  type ClientDeps,
  type JudgeEndpoint,
  type ResponseFormat,
} from './client';
import { modelCacheId, type JudgeAnswerStore, type StoredAnswer } from './cache-key';
import { historyHash, prepareHistory } from './history';
import { JudgeLoop, type JudgeLoopParams, type JudgeModelRole, type Reply } from './judge-loop';
import { runSignal } from './run-signal';
import { judgeCacheKey, type JudgeAnswer, type JudgeCache } from './request';

export interface JudgeModels {
  flash: string;
  /** Empty: no double-check model; a confident flash is trusted (the LLM-check design: pro unavailable). */
  pro: string;
}

export interface JudgeProgress {
  turn: number;
  turns: number;
  checks: number;
  requests: number;
  fromCache: number;
  /** The wait under way (a retry's backoff, a rate limit), null when none: a person may cancel it. */
  waiting: { ms: number; why: string } | null;
  longestWaitMs: number;
}

export interface JudgeRunOptions {
  transcript: Transcript;
  params: Omit<JudgeLoopParams, 'source'>;
  endpoint: JudgeEndpoint;
  models: JudgeModels;
  /** null: answer from the store only, never ask (what a reload shows). */
  deps: ClientDeps | null;
  store: JudgeAnswerStore;
  signal?: AbortSignal;
  onProgress?: (p: JudgeProgress) => void;
  /** Stop once the judge's own action is terminate (the agent would have stopped there). */
  stopAtTerminate?: boolean;
  /** When the run gives up, in the clock of `deps.now` (Date.now): a dead endpoint costs no more. */
  deadlineAt?: number;
}

export interface JudgeFailure {
  turn: number;
  model: JudgeModelRole;
  reason: string;
}

export interface JudgeRunResult {
  /** For the engine's `openai-compatible` source. */
  judgeCache: JudgeCache;
  /** The answers as `judge` lines (a failed answer has none: a missing line is "unavailable"). */
  records: JudgeRecord[];
  checks: number;
  requests: number;
  fromCache: number;
  /** Checks whose answer is not in the store (cache-only runs). */
  unasked: number;
  failures: JudgeFailure[];
  /** `limit`: stopped at the deadline or at a rate-limit wait over the cap (answers so far are kept). */
  end: 'end' | 'terminate' | 'cancelled' | 'fatal' | 'limit';
  /** Why a run ended early. */
  message?: string;
  /** Which limit ended a `limit` run: the run's deadline, or a rate-limit wait over the cap. */
  limit?: 'deadline' | 'max-wait';
  usage: { input: number; output: number };
  waits: number[];
}

function cancelled(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

export async function runJudge(o: JudgeRunOptions): Promise<JudgeRunResult> {
  const now = o.deps?.now ?? Date.now;
  const run = runSignal(o, now);
  try {
    const result = await walk(o, run.signal);
    if (result.end === 'cancelled' && run.state.deadlinePassed) {
      result.end = 'limit';
      result.limit = 'deadline';
      result.message = 'the run reached its deadline and stopped; the answers received so far are cached';
    }
    return result;
  } finally {
    run.dispose();
  }
}

async function walk(o: JudgeRunOptions, signal: AbortSignal): Promise<JudgeRunResult> {
  const { transcript: t, models, store } = o;
  const ids = {
    flash: modelCacheId(o.endpoint.baseUrl, models.flash),
    pro: modelCacheId(o.endpoint.baseUrl, models.pro),
  };
  const stored = await store.load([`${ids.flash}#`, `${ids.pro}#`]);
  const answers: Record<string, JudgeAnswer | null> = {};
  const result: JudgeRunResult = {
    judgeCache: { models: ids, answers },
    records: [],
    checks: 0,
    requests: 0,
    fromCache: 0,
    unasked: 0,
    failures: [],
    end: 'end',
    usage: { input: 0, output: 0 },
    waits: [],
  };
  const stats: AskStats = { requests: 0, waits: result.waits };
  const formats = new Map<string, ResponseFormat>();
  let proDown: string | null = null;
  /** Whether the endpoint has answered anything in this run. */
  let reached = false;
  let nextAt = 0;
  const now = o.deps?.now ?? Date.now;
  const maxWait = withinRange(o.endpoint.maxWaitMs, JUDGE_LIMITS.maxWait);
  let waiting: JudgeProgress['waiting'] = null;
  let lastTurn = 0;
  const progress = (): JudgeProgress => ({
    turn: lastTurn,
    turns: t.turns.length,
    checks: result.checks,
    requests: stats.requests,
    fromCache: result.fromCache,
    waiting,
    longestWaitMs: result.waits.length ? Math.max(...result.waits) : 0,
  });
  // Every wait is announced and cancellable: the client's retries and the rate-limit pause below.
  const baseSleep = o.deps?.sleep ?? defaultSleep;
  const deps: ClientDeps | null = o.deps && {
    ...o.deps,
    onWait(ms, why) {
      waiting = { ms, why };
      o.deps?.onWait?.(ms, why);
      o.onProgress?.(progress());
    },
    async sleep(ms, s) {
      try {
        await baseSleep(ms, s);
      } finally {
        waiting = null;
        o.onProgress?.(progress());
      }
    },
  };

  async function remember(key: string, v: StoredAnswer): Promise<void> {
    stored.set(key, v);
    await store.put(key, v);
  }

  /** The answer of `role` at `turn`; also files it for the engine and the judge lines. */
  async function answer(
    role: JudgeModelRole,
    turn: number,
    history: ReturnType<typeof prepareHistory>,
    hash: string,
  ): Promise<Reply | 'stop'> {
    const key = judgeCacheKey(ids[role], hash);
    const fail = (reason: string): Reply => {
      answers[key] = null;
      result.failures.push({ turn, model: role, reason });
      return undefined;
    };
    const got = (a: JudgeAnswer): Reply => {
      answers[key] = a;
      result.records.push({ turn, model: role, confidence: a.confidence, analysis: a.analysis });
      return a;
    };
    const hit = stored.get(key);
    if (hit) {
      result.fromCache++;
      return 'answer' in hit ? got(hit.answer) : fail(hit.failed);
    }
    if (role === 'pro' && !models.pro.trim()) {
      answers[key] = null; // no double-check model: "unavailable", the first model is trusted
      return undefined;
    }
    if (role === 'pro' && proDown !== null) {
      await remember(key, { failed: proDown });
      return fail(proDown);
    }
    if (!deps) {
      result.unasked++;
      return 'unasked';
    }
    const wait = nextAt - now();
    if (wait > 0) {
      if (wait > maxWait) {
        result.end = 'limit';
        result.limit = 'max-wait';
        result.message =
          `the endpoint's rate limit asks to wait ${describeSeconds(wait)} before the next request, over the ` +
          `${describeSeconds(maxWait)} limit: stopped; the answers received so far are cached`;
        return 'stop';
      }
      result.waits.push(wait);
      deps.onWait?.(wait, "the endpoint's rate limit (no request left in its window)");
      await deps.sleep!(wait, signal).catch(() => undefined);
      if (cancelled(signal)) return 'stop';
    }
    const model = models[role];
    const out = await askJudgeModel(o.endpoint, model, history, deps, signal, stats, formats.get(model));
    result.requests = stats.requests;
    if (out.ok) {
      reached = true;
      formats.set(model, out.format);
      nextAt = out.waitNextMs > 0 ? now() + out.waitNextMs : 0;
      if (out.usage) {
        result.usage.input += out.usage.input ?? 0;
        result.usage.output += out.usage.output ?? 0;
      }
      await remember(key, { answer: out.answer });
      return got(out.answer);
    }
    if (out.format) formats.set(model, out.format);
    if (out.kind === 'cancelled') return 'stop';
    // Nothing from the endpoint yet and every attempt unanswered: it is down or the URL is wrong;
    // asking the rest would cost the same retries per check.
    if (out.unreachable && !reached) {
      result.end = 'fatal';
      result.message = `${model}: ${out.reason}; stopped (the endpoint has not answered yet): check the base URL, that the server is running, or raise the timeout`;
      return 'stop';
    }
    reached = true;
    // The first model missing, or the key refused: every later question would fail the same way.
    if (out.kind === 'fatal' || (role === 'flash' && out.status === 404)) {
      result.end = 'fatal';
      result.message = `${model}: ${out.reason}`;
      return 'stop';
    }
    if (out.kind === 'permanent') {
      await remember(key, { failed: out.reason });
      if (role === 'pro' && out.status === 404) proDown = out.reason;
    }
    return fail(`${model}: ${out.reason}`);
  }

  const loop = new JudgeLoop({ ...o.params, source: 'openai-compatible' }, t);
  for (const turn of t.turns) {
    if (!loop.startTurn(turn.index)) continue;
    result.checks++;
    const history = prepareHistory(t, turn.index, o.params.historyCount);
    const hash = historyHash(history);
    const g = loop.check(turn.index);
    let step = g.next();
    while (!step.done) {
      const reply = await answer(step.value, turn.index, history, hash);
      if (reply === 'stop') {
        if (result.end !== 'fatal' && result.end !== 'limit') result.end = 'cancelled';
        result.requests = stats.requests;
        return result;
      }
      step = g.next(reply);
    }
    lastTurn = turn.index;
    o.onProgress?.(progress());
    if (step.value.event?.action === 'terminate' && o.stopAtTerminate !== false) {
      result.end = 'terminate';
      break;
    }
    if (cancelled(signal)) {
      result.end = 'cancelled';
      break;
    }
  }
  result.requests = stats.requests;
  return result;
}
