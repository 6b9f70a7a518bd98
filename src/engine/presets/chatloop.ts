import type { EngineConfig } from '../config';

/**
 * The ChatLoop design's balanced default (`LoopDetectorConfig::default()`): window 10, max duplicates 2,
 * patterns 2-5 calls repeated twice, warn / warn / terminate. Levels 3-4 (similar-args,
 * same-result) are left out: the ChatLoop design marks them "NOT IMPLEMENTED" in ChatLoop.
 */
export const chatloop: EngineConfig = {
  name: 'chatloop',
  detectors: {
    'exact-repeat': { windowSize: 10, maxDuplicates: 2, actions: ['warn', 'warn', 'terminate'] },
    pattern: {
      windowSize: 10,
      minPatternLength: 2,
      maxPatternLength: 5,
      minPatternRepetitions: 2,
      actions: ['warn', 'warn', 'terminate'],
    },
  },
};
