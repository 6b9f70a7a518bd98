import type { EngineConfig } from '../config';

/**
 * Ours, derived on the labelled corpus (docs/corpus.md: 110 runs, 8 sources, 31 loop spans, 80
 * clean runs) by `npm run corpus:derive`, from the grid of src/corpus/grid.ts (483,600 configs of
 * no-progress, cycle, same-result, similar-args, summary-loop, content-chanting, doom-loop),
 * scored by the event-based metrics. Which detectors: leave-one-source-out — for each set of
 * detectors, its parameters chosen on 7 sources and scored on the 8th, the held-out counts pooled;
 * the best pooled F1 wins, the fewer detectors at a tie (cycle, summary-loop and content-chanting
 * add nothing held out). Then the parameters, on all sources: no stop outside a span, the best F1,
 * fewer false alarms. Held out, pooled: F1 0.79 (22 of 31 spans, 3 false alarms, 0 premature
 * stops); the best other preset scores 0.61 on all runs (`cycle-escalation`, 2 premature stops).
 * In-sample: 0.81 on all runs, 0.56 on real runs (5 of 13 spans, no false alarm). Table of every
 * preset and ablation: docs/detectors.md "Preset recommended" (`npm run corpus:table`).
 * - no-progress (ours): 2 steps in a row whose (action, normalised observation) pair, or whose
 *   error, is already among the last 20 — the same action a 3rd time with nothing new, a cycle of
 *   any length, prose sent as a command with the same error.
 * - same-result (seed 001 level 4) on errors only: the same error a 4th time in the last 10.
 * Both only warn: the corpus cannot reward a stop (an alarm counts the same whatever its action)
 * and a stop outside a span kills real work, so the preset never stops a run.
 */
export const recommended: EngineConfig = {
  name: 'recommended',
  detectors: {
    'no-progress': { k: 2, window: 20, sameError: true, actions: ['warn'] },
    'same-result': { windowSize: 10, errorsOnly: true, maxSimilarResults: 3, threshold: 0.9, actions: ['warn'] },
  },
};
