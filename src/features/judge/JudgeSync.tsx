import { useEffect } from 'react';
import { getParam } from '../../engine/config';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { judgeJob, judgeWorker } from './open-run-job';
import { endpointId, useJudgeStore } from './judge-store';

/**
 * Reads the endpoint's stored answers when the judge source is openai-compatible, so a reload, a
 * re-tune or a new schedule reads the cache and never asks. Reads IndexedDB only. The answers go
 * to the judge store; the workbench sends them with its replays (useWorkbenchData), so a replay's
 * answer always says which answers it read.
 */
export function JudgeSync() {
  const { id } = useWorkbench();
  const setLive = useJudgeStore((s) => s.setLive);
  const noteCacheWarnings = useJudgeStore((s) => s.noteCacheWarnings);
  const draft = useAppStore((s) => s.draft);
  const settings = useJudgeStore((s) => s.settings);
  const run = useJudgeStore((s) => s.run);
  const enabled = draft.detectors['llm-judge'] !== undefined && draft.detectors['llm-judge'].enabled !== false;
  const live = enabled && getParam(draft, 'detectors.llm-judge.source') === 'openai-compatible';
  const job = judgeJob(id, draft, settings, '');
  const key = job ? endpointId(settings) : '';
  // This run's answers for this endpoint, failures included (a transient failure is not stored).
  const runAnswers =
    run && run.transcriptId === id && run.endpoint === key ? run.result?.judgeCache.answers : undefined;
  useEffect(() => {
    if (!live || !job) return;
    let current = true;
    void judgeWorker()
      .judgeCachedAnswers(job)
      .catch(() => null) // a cache that cannot be read: this run's answers still show
      .then((stored) => {
        if (!current) return;
        if (stored) noteCacheWarnings(stored.cacheWarnings);
        const models = stored?.models ?? run?.result?.judgeCache.models;
        if (models) setLive(id, { models, answers: { ...stored?.answers, ...runAnswers } });
      });
    return () => {
      current = false;
    };
    // The job object is rebuilt each render; its identity is the endpoint key.
  }, [id, live, key, runAnswers, setLive, noteCacheWarnings]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
