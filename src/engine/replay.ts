/**
 * replay(transcript, config): feeds every turn and call in order to every enabled detector and
 * collects what they say. The run goes on after the first terminate so every detector's view is
 * shown; later events are marked afterStop. The loop is in replay-core.ts.
 */
import type { Transcript } from '../model/transcript';
import { resolveConfig, type EngineConfig, type ResolvedConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { replayDetectors, type DetectorRun, type ReplayOptions, type ReplayResult } from './replay-core';

export type { ReplayOptions, ReplayResult, StopPoint } from './replay-core';

function isResolved(c: EngineConfig | ResolvedConfig): c is ResolvedConfig {
  return (
    typeof (c as ResolvedConfig).countAction === 'string' && Object.keys(c.detectors).length === DETECTOR_DEFS.length
  );
}

/** The enabled detectors of a resolved config with their settings, in registry order. */
export function enabledRuns(resolved: ResolvedConfig): DetectorRun[] {
  const runs: DetectorRun[] = [];
  for (const def of DETECTOR_DEFS) {
    const settings = resolved.detectors[def.id];
    if (settings?.enabled) runs.push({ def, settings });
  }
  return runs;
}

export function replay(
  transcript: Transcript,
  config: EngineConfig | ResolvedConfig,
  options: ReplayOptions = {},
): ReplayResult {
  const resolved = isResolved(config) ? config : resolveConfig(config);
  return replayDetectors(transcript, enabledRuns(resolved), resolved.ignoreTextualCalls, options);
}
