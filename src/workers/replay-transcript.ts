import type { EngineConfig } from '../engine/config';
import { evaluate, hasLoopLabels, type Metrics } from '../engine/evaluate';
import { replay, type ReplayResult } from '../engine/replay';
import type { Label, Transcript } from '../model/transcript';

export interface ReplayOutcome {
  result: ReplayResult;
  metrics: Metrics | null;
}

/** Replays with the labels the user has now (they may differ from the file's). */
export function replayTranscript(t: Transcript, config: EngineConfig, labels?: Label[]): ReplayOutcome {
  const withLabels = labels ? { ...t, labels } : t;
  const result = replay(withLabels, config);
  return {
    result,
    metrics: hasLoopLabels(withLabels) ? evaluate(result, withLabels, { countAction: config.countAction }) : null,
  };
}
