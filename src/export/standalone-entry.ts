/**
 * The core of the exported standalone module (bundled by scripts/standalone-pieces.ts): a run's
 * line objects become a transcript through the same reader as a `.loop.jsonl` file, then the
 * engine's own replay loop runs the detectors the module carries.
 */
import type { DetectorEvent } from '../engine/types';
// The modules' replay maps events with it: the key order of `loopscope detect --json`.
export { publicEvent } from '../engine/event';
import { replayDetectors, type DetectorRun } from '../engine/replay-core';
import type { ImportWarning } from '../model/transcript';
import { readRunLines } from '../import/run-line';

export interface StandaloneResult {
  events: DetectorEvent[];
  stoppedAt: { turn: number; call?: number } | null;
  /** Objects that could not be used, by position (1-based), as the file reader reports lines. */
  warnings: ImportWarning[];
}

/**
 * `items`: the assistant lines' objects in order (a missing `type` means assistant), or every line
 * of the file: `user`/`system` lines are context as in the file, `judge` lines recorded answers.
 */
export function run(
  items: readonly unknown[],
  detectors: DetectorRun[],
  ignoreTextualCalls: boolean,
): StandaloneResult {
  if (!Array.isArray(items)) throw new TypeError('replay(turns): turns must be an array of assistant-line objects');
  const { transcript: t, warnings } = readRunLines(items);
  if (!t) return { events: [], stoppedAt: null, warnings };
  const r = replayDetectors(t, detectors, ignoreTextualCalls);
  return { events: r.events, stoppedAt: r.stoppedAt, warnings };
}
