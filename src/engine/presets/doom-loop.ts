import type { EngineConfig } from '../config';
import { DEFAULT_TEST_PATTERNS } from '../detectors/test-fix';

/** The doom-loop design: the doom loop with its nudge tiers and rejection, plus its specialised patterns. */
export const doomLoopPreset: EngineConfig = {
  name: 'doom-loop',
  detectors: {
    'doom-loop': { windowSize: 10, exactThreshold: 3, fuzzyThreshold: 4, warningAt: 4, criticalAt: 6, block: true },
    'test-fix': {
      threshold: 3,
      testPatterns: [...DEFAULT_TEST_PATTERNS],
      testTools: ['run_tests', 'run_test'],
      actions: ['warn'],
    },
    'bash-failure-cascade': { threshold: 3, actions: ['warn'] },
    'summary-loop': { threshold: 2, resetOnUserMessage: true, sameText: false, actions: ['warn'] },
    'global-doom-loop': { threshold: 10, minAgents: 2, actions: ['warn'] },
  },
};
