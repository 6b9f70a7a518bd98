import type { EngineConfig } from '../config';

/**
 * Cline's repeated tool call detection (cline/cline src/core/task/loop-detection.ts at
 * 592293271eb7762c63239991ab08dfbd57e6e28f): the same tool with the same parameters (keys sorted,
 * `task_progress` left out) 3 times in a row injects a warning; the 5th sets the mistake count to
 * its limit, so Cline stops and asks the user (or fails the task when unattended). Exactly those
 * counts: the 6th identical call does nothing more.
 */
export const cline: EngineConfig = {
  name: 'cline',
  detectors: {
    'identical-streak': {
      warnAt: 3,
      stopAt: 5,
      stopAction: 'terminate',
      afterStop: 'once',
      ignoreArgs: ['task_progress'],
      skipCalls: [],
      resetOnUserPrompt: false,
    },
  },
};
