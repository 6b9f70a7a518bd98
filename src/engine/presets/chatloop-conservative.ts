import type { EngineConfig } from '../config';

/** The ChatLoop design's "Conservative (fewer false positives)" config example, field for field. */
export const chatloopConservative: EngineConfig = {
  name: 'chatloop-conservative',
  detectors: {
    'exact-repeat': { windowSize: 15, maxDuplicates: 4, actions: ['warn', 'warn', 'warn', 'terminate'] },
    pattern: {
      windowSize: 15,
      minPatternLength: 3,
      maxPatternLength: 5,
      minPatternRepetitions: 3,
      actions: ['warn', 'warn', 'warn', 'terminate'],
    },
  },
};
