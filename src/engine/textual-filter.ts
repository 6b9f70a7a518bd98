/**
 * The transcript as detectors see it under `ignoreTextualCalls`: calls written as text
 * (`textual: true`) are removed, so their turns are text-only again. Call indexes are kept, so
 * events still name the calls the table shows. A turn or transcript with no text-written call is
 * returned itself (no copy).
 */
import type { Transcript, Turn } from '../model/transcript';

/** One turn without its text-written calls; the turn itself when it has none. */
export function turnWithoutTextualCalls(turn: Turn): Turn {
  const calls = turn.calls;
  // Indexed: the live replay calls it for every turn it steps.
  for (let i = 0; i < calls.length; i++)
    if (calls[i].textual) return { ...turn, calls: calls.filter((c) => !c.textual) };
  return turn;
}

export function withoutTextualCalls(t: Transcript): Transcript {
  if (!t.turns.some((turn) => turn.calls.some((c) => c.textual))) return t;
  return { ...t, turns: t.turns.map(turnWithoutTextualCalls) };
}
