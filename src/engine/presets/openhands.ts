import type { EngineConfig } from '../config';

/**
 * OpenHands' StuckDetector as the V0 controller runs it (OpenHands/OpenHands
 * openhands/controller/stuck.py at 331a1a43145f185f7596431e2a19668a0e0a6daa), headless mode:
 * the `openhands-stuck` detector with the source's constants (4 identical action-observation
 * pairs; 3 identical actions ending in errors; 3 identical agent messages with no observation
 * between; 6 alternating steps; 10 condensations; 3 empty responses). Stuck ends the run
 * (AgentStuckInLoopError → state ERROR): terminate.
 */
export const openhands: EngineConfig = {
  name: 'openhands',
  detectors: {
    'openhands-stuck': { flavour: 'v0', sinceLastUser: false, scanEvents: 0, actions: ['terminate'] },
  },
};
