import { useEffect, useState } from 'react';
import { getParam } from '../../engine/config';
import { describeSeconds } from '../../engine/judge/client';
import type { JudgeEstimate } from '../../engine/judge/estimate';
import type { JudgeProgress, JudgeRunResult } from '../../engine/judge/run';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { askLabel, estimateLines } from './estimate-text';
import { Comlink } from './judge-worker-handle';
import { judgeJob, judgeWorker } from './open-run-job';
import { endpointId, useJudgeStore } from './judge-store';
import { cspAllows } from './judge-settings';
import { JudgeAnswersActions } from './JudgeAnswersActions';
import { JudgeConfigChange, judgeConfigChanges } from './JudgeConfigChange';

const ENDS: Record<JudgeRunResult['end'], string> = {
  end: 'every check of the transcript asked',
  terminate: 'stopped where the judge stopped the run',
  cancelled: 'cancelled',
  fatal: 'failed',
  limit: 'stopped at a limit',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function useEstimate(): { estimate: JudgeEstimate | null; error: string | null } {
  const { id } = useWorkbench();
  const draft = useAppStore((s) => s.draft);
  const settings = useJudgeStore((s) => s.settings);
  const run = useJudgeStore((s) => s.run);
  const noteCacheWarnings = useJudgeStore((s) => s.noteCacheWarnings);
  const [state, setState] = useState<{ estimate: JudgeEstimate | null; error: string | null }>({
    estimate: null,
    error: null,
  });
  const job = judgeJob(id, draft, settings, '');
  const key = job
    ? `${endpointId(settings)}|${settings.stopAtTerminate}|${JSON.stringify(draft.detectors['llm-judge'] ?? null)}`
    : '';
  useEffect(() => {
    if (!job) return;
    let live = true;
    const t = setTimeout(() => {
      judgeWorker()
        .judgeEstimate(job)
        .then(
          ({ cacheWarnings, ...estimate }) => {
            noteCacheWarnings(cacheWarnings);
            if (live) setState({ estimate, error: null });
          },
          (e: unknown) => live && setState({ estimate: null, error: (e as Error).message }),
        );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // Re-estimated when the endpoint, the judge's settings or the cache (after a run) change.
  }, [id, key, run?.status]); // eslint-disable-line react-hooks/exhaustive-deps
  return job ? state : { estimate: null, error: null };
}

/** The explicit action: what will be sent first, then "Ask the judge for this run", progress, cancel. */
export function JudgeRunSection() {
  const { id } = useWorkbench();
  const draft = useAppStore((s) => s.draft);
  const setParam = useAppStore((s) => s.setParam);
  const settings = useJudgeStore((s) => s.settings);
  const apiKey = useJudgeStore((s) => s.apiKey);
  const run = useJudgeStore((s) => s.run);
  const setRun = useJudgeStore((s) => s.setRun);
  const patchRun = useJudgeStore((s) => s.patchRun);
  const cacheWarnings = useJudgeStore((s) => s.cacheWarnings);
  const noteCacheWarnings = useJudgeStore((s) => s.noteCacheWarnings);
  const { estimate, error } = useEstimate();
  const job = judgeJob(id, draft, settings, apiKey);
  const words = {
    threshold: Number(getParam(draft, 'detectors.llm-judge.threshold')),
    minInterval: Number(getParam(draft, 'detectors.llm-judge.minInterval')),
    maxInterval: Number(getParam(draft, 'detectors.llm-judge.maxInterval')),
  };
  const mine = run && run.transcriptId === id ? run : null;
  const running = mine?.status === 'running';
  const allowed = job !== null && cspAllows(job.baseUrl);

  async function ask() {
    if (!job) return;
    setRun({
      transcriptId: id,
      endpoint: endpointId(settings),
      status: 'running',
      progress: null,
      result: null,
      error: null,
    });
    try {
      const result = await judgeWorker().judgeRun(
        job,
        'ask',
        Comlink.proxy((progress: JudgeProgress) => patchRun({ progress })),
      );
      noteCacheWarnings(result.cacheWarnings);
      patchRun({
        result,
        status: result.end === 'cancelled' ? 'cancelled' : result.end === 'fatal' ? 'failed' : 'done',
        error: result.end === 'fatal' || result.end === 'limit' ? (result.message ?? 'the run failed') : null,
      });
      // The replay reads the answers through the openai-compatible source (JudgeSync gives them to
      // the engine). That changes the tuned config, so the change is shown with an Undo.
      const before = useAppStore.getState();
      const changes = judgeConfigChanges(before.draft);
      if (changes.length === 0) return;
      patchRun({
        configBefore: { draft: before.draft, presetName: before.presetName, changes: changes.map((c) => c.words) },
      });
      for (const c of changes) setParam(c.path, c.value);
    } catch (e) {
      patchRun({ status: 'failed', error: (e as Error).message });
    }
  }

  return (
    <section className="judge-section" aria-label="Ask the judge">
      <h3>This run</h3>
      {!job && <p className="muted small">Set the base URL and the first model below to see what a run would send.</p>}
      {error && <p className="judge-problem small">{error}</p>}
      {job && estimate && (
        <ul className="judge-estimate small" aria-label="What will be sent">
          {estimateLines(estimate, words, job.models.pro !== '').map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <div className="judge-buttons">
        <button
          type="button"
          className="primary"
          disabled={!job || !estimate || estimate.maxChecks === 0 || !allowed || running}
          onClick={ask}
        >
          {askLabel(estimate)}
        </button>
        {running && (
          <button type="button" onClick={() => void judgeWorker().judgeCancel()}>
            Cancel
          </button>
        )}
      </div>
      {cacheWarnings.length > 0 && <CacheWarnings warnings={cacheWarnings} />}
      {mine?.progress && running && (
        <p className="small" role="status">
          Turn {mine.progress.turn} of {mine.progress.turns} · {mine.progress.checks} checks · {mine.progress.requests}{' '}
          requests · {mine.progress.fromCache} from the cache
          {mine.progress.waiting &&
            ` · waiting ${describeSeconds(mine.progress.waiting.ms)}: ${mine.progress.waiting.why}`}
          {mine.progress.longestWaitMs > 0 && ` · longest wait ${describeSeconds(mine.progress.longestWaitMs)}`}
        </p>
      )}
      {mine?.error && (
        <p className="judge-problem small" role="alert">
          {mine.error}
        </p>
      )}
      {mine?.result && mine.status !== 'running' && (
        <div className="judge-result small" role="status" aria-label="Judge run result">
          <p>
            {plural(mine.result.checks, 'check')}, {plural(mine.result.requests, 'request')} sent,{' '}
            {plural(mine.result.fromCache, 'answer')} from the cache: {ENDS[mine.result.end]}.
            {mine.result.waits.length > 0 && ` Longest wait ${describeSeconds(Math.max(...mine.result.waits))}.`}
            {mine.result.usage.input > 0 &&
              ` The endpoint counted ${mine.result.usage.input.toLocaleString('en-US')} input and ${mine.result.usage.output.toLocaleString('en-US')} output tokens.`}
          </p>
          {mine.result.failures.length > 0 && (
            <ul className="judge-failures">
              {mine.result.failures.map((f, i) => (
                <li key={i}>
                  turn {f.turn}, {f.model}: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {mine?.configBefore && mine.status !== 'running' && <JudgeConfigChange before={mine.configBefore} />}
      {job && <JudgeAnswersActions />}
    </section>
  );
}

/** Cached answers that could not be read: they were deleted, so the next run asks again. */
function CacheWarnings({ warnings }: { warnings: string[] }) {
  return (
    <ul className="judge-problem small" aria-label="Cache warnings">
      {warnings.slice(0, 5).map((w, i) => (
        <li key={i}>{w}</li>
      ))}
      {warnings.length > 5 && <li>and {warnings.length - 5} more</li>}
    </ul>
  );
}
