/** The worker job for the open transcript, the draft config and the endpoint settings. */
import type { EngineConfig } from '../../engine/config';
import type { JudgeJob } from '../../workers/judge-job-runner';
import { Lazy } from '../../workers/lazy';
import { baseUrlProblem, type JudgeSettings } from './judge-settings';
import { startJudgeWorker, type JudgeWorker } from './judge-worker-handle';

/** Null while the settings cannot make a request (no URL, no first model). */
export function judgeJob(id: number, config: EngineConfig, s: JudgeSettings, apiKey: string): JudgeJob | null {
  if (baseUrlProblem(s.baseUrl) || !s.flashModel.trim()) return null;
  return {
    transcriptId: id,
    config,
    baseUrl: s.baseUrl.trim(),
    models: { flash: s.flashModel.trim(), pro: s.proModel.trim() },
    apiKey: apiKey || undefined,
    timeoutSeconds: s.timeoutSeconds,
    stopAtTerminate: s.stopAtTerminate,
  };
}

/** One judge worker for the page, started on first use (a run survives switching tabs). */
const worker = new Lazy<JudgeWorker>(startJudgeWorker);

export function judgeWorker(): JudgeWorker['api'] {
  return worker.get().api;
}
