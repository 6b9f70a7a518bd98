import type { EngineConfig } from '../config';

/**
 * Ours, derived on the labelled corpus (docs/corpus.md: 153 runs, 9 sources — SWE-agent,
 * OpenHands, Moatless, inspect_ai, Claude Code, Codex, Gemini CLI, Cursor, Aider — 41 loop spans,
 * 117 clean runs) by `npm run corpus:derive`, from the grid of src/corpus/grid.ts (no-progress,
 * cycle, similar-args, summary-loop, content-chanting, doom-loop), scored by the event-based
 * metrics. Which detectors: leave-one-source-out — for each set of detectors, its parameters
 * chosen on 8 sources and scored on the 9th, the held-out counts pooled; the best pooled F1 wins,
 * the fewer detectors at a tie. Then the parameters, on all sources: no stop outside a span, the
 * best F1, fewer false alarms. Held out, pooled: F1 0.89 (36 of 41 spans, 4 false alarms, 3 of
 * 117 clean runs flagged, no premature stop); per source in docs/corpus.md. In-sample: 0.92 on
 * all runs (36 of 41), 0.83 on the real runs (15 of 20), 1 false alarm. Table of every preset and
 * ablation: docs/detectors.md "Preset recommended" (`npm run corpus:table`).
 * - no-progress (ours): steps in a row whose (action, normalised observation) pair, or whose
 *   error, is already among the last 20 (an edit repeated word for word counts whatever its
 *   result), at least 4 of them and covering 3 rounds of what they repeat; or the 3rd time the
 *   same step, the same error, or a failed edit of the same region comes back with new steps
 *   between, with no new successful edit, advancing poll or new user message since; or the 4th
 *   time the same failed step comes back though edits came between (edit, build, the same error),
 *   with no new user message since. Calls of one turn repeat nothing of each other, a refusal by
 *   the harness is the same error only for the same action, and a session continued from a
 *   summary starts afresh (docs/detectors.md "no-progress").
 * `same-result` (the same error a 4th time in 10) stays out of the grid by hand: that window count
 * fires on storms of rejected calls between real progress, reported on real OpenHands sessions;
 * no-progress's recurrence count is the capped form (a new successful edit starts it again).
 * It only warns: the corpus cannot reward a stop (an alarm counts the same whatever its action)
 * and a stop outside a span kills real work, so the preset never stops a run.
 */
export const recommended: EngineConfig = {
  name: 'recommended',
  detectors: {
    'no-progress': {
      k: 4,
      window: 20,
      sameError: true,
      cycles: 3,
      recurrence: 3,
      sameTarget: true,
      acrossChanges: 4,
      actions: ['warn'],
    },
  },
};
