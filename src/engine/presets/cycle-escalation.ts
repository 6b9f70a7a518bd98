import type { EngineConfig } from '../config';

/** The cycle-escalation design: 1-, 2- and 3-call cycles; per pattern warn, stronger warn, then LOOP_DETECTED stop. */
export const cycleEscalation: EngineConfig = {
  name: 'cycle-escalation',
  detectors: {
    cycle: { maxPeriod: 3, minRepetitions: 2, compareResults: false, actions: ['warn', 'warn', 'terminate'] },
  },
};
