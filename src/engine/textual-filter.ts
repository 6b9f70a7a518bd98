/**
 * The transcript as detectors see it under `ignoreTextualCalls`: calls written as text
 * (`textual: true`) are removed, so their turns are text-only again. Call indexes are kept, so
 * events still name the calls the table shows. The transcript itself is returned when it has
 * no text-written call (no copy).
 */
import type { Transcript } from '../model/transcript';

export function withoutTextualCalls(t: Transcript): Transcript {
  if (!t.turns.some((turn) => turn.calls.some((c) => c.textual))) return t;
  return {
    ...t,
    turns: t.turns.map((turn) =>
      turn.calls.some((c) => c.textual) ? { ...turn, calls: turn.calls.filter((c) => !c.textual) } : turn,
    ),
  };
}
