import type { EngineConfig } from '../config';

/** The ChatLoop design's "Aggressive (catch loops early)" config example (its loop_detection_demo.rs), field for field. */
export const chatloopAggressive: EngineConfig = {
  name: 'chatloop-aggressive',
  detectors: {
    'exact-repeat': { windowSize: 10, maxDuplicates: 1, actions: ['warn', 'terminate'] },
    pattern: {
      windowSize: 10,
      minPatternLength: 2,
      maxPatternLength: 4,
      minPatternRepetitions: 2,
      actions: ['warn', 'terminate'],
    },
  },
};
