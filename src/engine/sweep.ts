/** sweep: the same transcripts replayed with one parameter set to each of several values. */
import type { Transcript } from '../model/transcript';
import { resolveConfig, setParam, type EngineConfig } from './config';
import { emptyMetrics, evaluate, mergeMetrics, summarize, type MetricsSummary } from './evaluate';
import { replay } from './replay';

export interface SweepPoint {
  value: unknown;
  metrics: MetricsSummary;
}

export function sweep(transcripts: Transcript[], config: EngineConfig, param: string, values: unknown[]): SweepPoint[] {
  return values.map((value) => {
    const resolved = resolveConfig(setParam(config, param, value));
    let total = emptyMetrics();
    for (const t of transcripts)
      total = mergeMetrics(total, evaluate(replay(t, resolved), t, { countAction: resolved.countAction }));
    return { value, metrics: summarize(total) };
  });
}
