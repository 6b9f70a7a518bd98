import type { EngineConfig } from '../config';

/**
 * Roo Code's ToolRepetitionDetector (RooCodeInc/Roo-Code src/core/tools/ToolRepetitionDetector.ts
 * at 37479466bc615057ee1865c395d00a3b5e0569a2, limit 3): the 4th identical call in a row is not
 * executed and the user is asked (mistake_limit_reached); the count then starts over. Browser
 * scrolls are neither counted nor break the run.
 */
export const rooCode: EngineConfig = {
  name: 'roo-code',
  detectors: {
    'identical-streak': {
      warnAt: 0,
      stopAt: 4,
      stopAction: 'block',
      afterStop: 'restart',
      ignoreArgs: [],
      skipCalls: ['browser_action:action=scroll_down', 'browser_action:action=scroll_up'],
      resetOnUserPrompt: false,
    },
  },
};
