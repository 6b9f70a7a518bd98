/**
 * sweep: the same transcripts replayed with one parameter set to each of several values. Runs
 * without labels are counted apart (docs/design.md, section 5), as `eval` counts them: their
 * alarms and stops, never false alarms.
 */
import type { Transcript } from '../model/transcript';
import { resolveConfig, setParam, type EngineConfig } from './config';
import { emptyMetrics, evaluate, mergeMetrics, summarize, type MetricsSummary } from './evaluate';
import { addUnlabelledRun, emptyUnlabelled, isLabelled, type UnlabelledCounts } from './labelled';
import { replay } from './replay';

export interface SweepPoint {
  value: unknown;
  /** Scores of the labelled runs. */
  metrics: MetricsSummary;
  unlabelled: UnlabelledCounts;
}

export function sweep(transcripts: Transcript[], config: EngineConfig, param: string, values: unknown[]): SweepPoint[] {
  return values.map((value) => {
    const resolved = resolveConfig(setParam(config, param, value));
    let total = emptyMetrics();
    let unlabelled = emptyUnlabelled();
    for (const t of transcripts) {
      const r = replay(t, resolved);
      const m = evaluate(r, t, { countAction: resolved.countAction });
      if (isLabelled(t.labels)) total = mergeMetrics(total, m);
      else unlabelled = addUnlabelledRun(unlabelled, m.alarms, r.stoppedAt !== null);
    }
    return { value, metrics: summarize(total), unlabelled };
  });
}
