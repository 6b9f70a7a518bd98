import type { EngineConfig } from '../config';

/**
 * OpenHands' StuckDetector (OpenHands/OpenHands, openhands/controller/stuck.py), headless mode,
 * expressed with Loopscope detectors as closely as they allow (docs/detectors.md lists the gaps):
 * - scenario 4, the same (action, observation) every other step over the last six steps, and
 *   scenarios 1-2, identical actions with identical observations / errors → `cycle` over 1- and
 *   2-call cycles with results compared, 3 repetitions (scenario 1 itself needs 4: this fires
 *   one pair earlier; scenario 2's errors must be identical here);
 * - scenario 3, three identical agent messages with no observation between (and scenario 6,
 *   three empty ones) → `summary-loop` on identical text, 3 turns, user messages ignored.
 * Stuck ends the run (AgentStuckInLoopError → state ERROR): terminate.
 */
export const openhands: EngineConfig = {
  name: 'openhands',
  detectors: {
    cycle: { maxPeriod: 2, minRepetitions: 3, compareResults: true, actions: ['terminate'] },
    'summary-loop': { threshold: 3, sameText: true, resetOnUserMessage: false, actions: ['terminate'] },
  },
};
