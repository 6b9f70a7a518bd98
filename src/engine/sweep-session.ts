import type { Transcript } from '../model/transcript';
import { resolveConfig, setParam, type EngineConfig } from './config';
import { evaluate, summarize } from './evaluate';
import type { ReplaySession } from './replay-session';
import type { SweepPoint } from './sweep';

/** One value's scores on the open run (whether they mean anything depends on its labels: the view says). */
export type RunSweepPoint = Omit<SweepPoint, 'unlabelled'>;

/** The sweep on one open transcript: other detectors' runs come from the session cache. */
export function sweepSession(
  s: ReplaySession,
  t: Transcript,
  config: EngineConfig,
  param: string,
  values: unknown[],
): RunSweepPoint[] {
  return values.map((value) => {
    const resolved = resolveConfig(setParam(config, param, value));
    return { value, metrics: summarize(evaluate(s.run(resolved), t, { countAction: resolved.countAction })) };
  });
}
