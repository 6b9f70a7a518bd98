/**
 * The replay of a whole transcript, given the detectors to run with their settings. It imports
 * neither the registry nor config validation, so the exported standalone module (src/export)
 * bundles only the enabled detectors' code around this same loop. The loop itself is the
 * stepper's (replay-stepper.ts), which the package's live monitor steps one turn at a time.
 */
import type { Transcript } from '../model/transcript';
import { ReplayStepper, type DetectorRun, type StepperOptions, type StopPoint } from './replay-stepper';
import type { FingerprintSeries } from './series';
import type { CycleSample, DetectorEvent, JudgeCheck } from './types';

export type { DetectorRun, StopPoint } from './replay-stepper';

export interface ReplayResult {
  turns: number;
  calls: number;
  events: DetectorEvent[];
  checks: JudgeCheck[];
  cycles: CycleSample[];
  stoppedAt: StopPoint | null;
  fingerprints: FingerprintSeries;
}

export type ReplayOptions = StepperOptions;

/** Replays `transcript` through `detectors`, in the order given (the registry's order). */
export function replayDetectors(
  transcript: Transcript,
  detectors: readonly DetectorRun[],
  ignoreTextualCalls: boolean,
  options: ReplayOptions = {},
): ReplayResult {
  const { turns, judge, ...meta } = transcript;
  const stepper = new ReplayStepper(meta, detectors, ignoreTextualCalls, judge, options);
  for (let ti = 0; ti < turns.length; ti++) stepper.step(turns[ti]);
  return {
    turns: turns.length,
    calls: stepper.calls,
    events: stepper.events,
    checks: stepper.checks,
    cycles: stepper.cycles,
    stoppedAt: stepper.stoppedAt,
    fingerprints: stepper.fingerprints(),
  };
}
