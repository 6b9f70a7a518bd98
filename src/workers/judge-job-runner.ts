/**
 * The judge worker's jobs: estimate a run, run it (asking the endpoint), or read what the cache
 * already holds. The transcript is read from IndexedDB here; answers are stored as they arrive.
 * The only network call is the POST to the configured endpoint's /chat/completions.
 * `createJudgeWorker` makes one worker's API over its own JudgeJobs.
 */
import type { EngineConfig } from '../engine/config';
import { modelCacheId } from '../engine/judge/cache-key';
import { chatCompletionsUrl, type FetchLike } from '../engine/judge/client';
import { estimateJudgeRun, type JudgeEstimate } from '../engine/judge/estimate';
import { runJudge, type JudgeModels, type JudgeProgress, type JudgeRunResult } from '../engine/judge/run';
import type { JudgeCache } from '../engine/judge/request';
import { judgedTranscript, judgeParamsOf } from '../engine/judge/run-config';
import { JUDGE_LIMITS } from '../model/limits';
import type { Transcript } from '../model/transcript';
import { forgetJudgeFailures, indexedDbJudgeStore } from '../persistence/judge-cache';
import { loadTranscript } from '../persistence/transcripts';

export interface JudgeJob {
  transcriptId: number;
  config: EngineConfig;
  baseUrl: string;
  models: JudgeModels;
  apiKey?: string;
  timeoutSeconds: number;
  stopAtTerminate: boolean;
}

/** What the judge worker keeps between calls: the transcript read last and the run asking now. */
class JudgeJobs {
  private loaded: { id: number; t: Transcript } | null = null;
  private running: AbortController | null = null;

  /** The transcript `id`, read from IndexedDB unless it was the last one read. */
  async load(id: number): Promise<Transcript> {
    if (this.loaded?.id !== id) {
      const t = await loadTranscript(id);
      if (!t) throw new Error(`transcript ${id} is not in the library`);
      this.loaded = { id, t };
    }
    return this.loaded.t;
  }

  /** Runs `work` with its own abort signal; an `ask` run stops the one asking before it (one at a time). */
  async run<T>(mode: 'ask' | 'cache', work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ctl = new AbortController();
    if (mode === 'ask') {
      this.running?.abort();
      this.running = ctl;
    }
    try {
      return await work(ctl.signal);
    } finally {
      if (this.running === ctl) this.running = null;
    }
  }

  /** Stops the run asking now, if any. */
  cancel(): void {
    this.running?.abort();
  }
}

/** The answer store, and the warnings for entries it dropped (shown by the Judge tab). */
function storeWithWarnings() {
  const warnings: string[] = [];
  const store = indexedDbJudgeStore(undefined, {
    onDropped: (key, problem) =>
      warnings.push(`a cached answer could not be read and was dropped (${key.slice(0, 120)}: ${problem})`),
  });
  return { store, warnings };
}

function prefixes(job: JudgeJob): string[] {
  return [`${modelCacheId(job.baseUrl, job.models.flash)}#`, `${modelCacheId(job.baseUrl, job.models.pro)}#`];
}

async function judgeEstimate(jobs: JudgeJobs, job: JudgeJob): Promise<JudgeEstimate & { cacheWarnings: string[] }> {
  const t = judgedTranscript(job.config, await jobs.load(job.transcriptId));
  const { store, warnings } = storeWithWarnings();
  const cached = await store.load(prefixes(job));
  const estimate = estimateJudgeRun(t, judgeParamsOf(job.config), job.models, job.baseUrl, cached, job.stopAtTerminate);
  return { ...estimate, cacheWarnings: warnings };
}

/**
 * fetch, refusing any URL but the endpoint's: the run cannot send anywhere else. Redirects are
 * not followed: `manual` rather than `error`, because a browser reports a refused redirect as a
 * bare network error, while `manual` answers with an opaque redirect the client names.
 */
function endpointOnly(baseUrl: string): FetchLike {
  const allowed = chatCompletionsUrl(baseUrl);
  return (url, init) => {
    if (url !== allowed) return Promise.reject(new Error(`refused to send to ${url}`));
    return fetch(url, { ...init, redirect: 'manual', credentials: 'omit', referrerPolicy: 'no-referrer' });
  };
}

/** `ask`: the explicit user action; `cache`: answers already stored, nothing sent. */
async function judgeRun(
  jobs: JudgeJobs,
  job: JudgeJob,
  mode: 'ask' | 'cache',
  onProgress?: (p: JudgeProgress) => void,
): Promise<JudgeRunResult & { cacheWarnings: string[] }> {
  const t = judgedTranscript(job.config, await jobs.load(job.transcriptId));
  const { store, warnings } = storeWithWarnings();
  const result = await jobs.run(mode, (signal) =>
    runJudge({
      transcript: t,
      params: judgeParamsOf(job.config),
      endpoint: { baseUrl: job.baseUrl, apiKey: job.apiKey, timeoutMs: job.timeoutSeconds * 1000 },
      models: job.models,
      deps: mode === 'ask' ? { fetch: endpointOnly(job.baseUrl) } : null,
      store,
      signal,
      onProgress,
      stopAtTerminate: job.stopAtTerminate,
      deadlineAt: Date.now() + JUDGE_LIMITS.deadline.defaultSeconds * 1000,
    }),
  );
  return { ...result, cacheWarnings: warnings };
}

/** Every stored answer of these models, for the engine's openai-compatible source (any schedule). */
async function judgeCachedAnswers(job: JudgeJob): Promise<JudgeCache & { cacheWarnings: string[] }> {
  const { store, warnings } = storeWithWarnings();
  const stored = await store.load(prefixes(job));
  const answers: JudgeCache['answers'] = {};
  for (const [k, v] of stored) answers[k] = 'answer' in v ? v.answer : null;
  return {
    models: { flash: modelCacheId(job.baseUrl, job.models.flash), pro: modelCacheId(job.baseUrl, job.models.pro) },
    answers,
    cacheWarnings: warnings,
  };
}

function judgeForgetFailures(job: JudgeJob): Promise<number> {
  return forgetJudgeFailures(prefixes(job));
}

/** The judge worker's API, over one JudgeJobs (the transcript read last, the run asking now). */
export function createJudgeWorker() {
  const jobs = new JudgeJobs();
  return {
    judgeEstimate: (job: JudgeJob) => judgeEstimate(jobs, job),
    judgeRun: (job: JudgeJob, mode: 'ask' | 'cache', onProgress?: (p: JudgeProgress) => void) =>
      judgeRun(jobs, job, mode, onProgress),
    judgeCancel: () => jobs.cancel(),
    judgeForgetFailures,
    judgeCachedAnswers,
  };
}
