import type { EngineConfig } from '../config';
import { contentChanting } from '../detectors/content-chanting';

/**
 * Ours: the combination with the best measured F1 on the labelled transcripts (the bundled
 * samples and src/engine/presets/fixtures; `npx tsx scripts/eval-presets.ts` prints the tables,
 * docs/detectors.md "recommended" gives the reasoning). The principle: a loop is a repetition
 * that changes nothing, so a repeated call counts only when its result repeats too; the
 * similarity rules only warn; only the strongest evidence stops the run.
 * - cycle (seed 003) with results compared: a 1-3 call cycle whose observations are identical,
 *   5 repetitions (as Gemini CLI); warn, warn, then stop. Polling with changing output and tests
 *   after different edits never match.
 * - same-result (seed 001 level 4) on errors only: the same error a 4th time, whatever the command.
 * - similar-args (seed 001 level 3) narrowed to near-identical retries with an identical result
 *   (a search pattern tweaked and still empty).
 * - summary-loop (seed 004, 2 text-only turns) and content-chanting (Gemini CLI) for text loops.
 * Left out on the measurements: doom-loop (its third identical call fires on swarms whose workers
 * each try once), exact-repeat / pattern / consecutive-repeat (tests after edits, CI polling),
 * test-fix / bash-failure-cascade (compile errors fixed one by one), global-doom-loop (a swarm
 * running its tests), llm-judge (no effect on the set, and on a transcript without recorded
 * answers it would only chart "unavailable" checks; add it when a transcript carries them).
 */
export const recommended: EngineConfig = {
  name: 'recommended',
  detectors: {
    cycle: { maxPeriod: 3, minRepetitions: 5, compareResults: true, actions: ['warn', 'warn', 'terminate'] },
    'same-result': { windowSize: 10, maxSimilarResults: 3, threshold: 0.9, errorsOnly: true, actions: ['warn'] },
    'similar-args': {
      windowSize: 10,
      maxSimilar: 2,
      threshold: 0.8,
      ignoreIdentical: true,
      sameResult: true,
      actions: ['warn'],
    },
    'summary-loop': { threshold: 2, resetOnUserMessage: true, sameText: false, actions: ['warn'] },
    // The detector's defaults are Gemini CLI's own constants.
    'content-chanting': { ...contentChanting.defaults },
  },
};
