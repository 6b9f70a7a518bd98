import type { EngineConfig } from '../config';
import { stepRepeat } from '../detectors/step-repeat';

/**
 * Crush's loop detection (charmbracelet/crush internal/agent/loop_detection.go at
 * 248fc9c0a0c9bff328d4568652de2c79970a611a, loopDetectionWindowSize 10, loopDetectionMaxRepeats 5):
 * one (tool, input, output) step signature more than 5 times among the last 10 steps of a run
 * stops the run.
 */
export const crush: EngineConfig = {
  name: 'crush',
  // The detector's defaults are Crush's own constants.
  detectors: { 'step-repeat': { ...stepRepeat.defaults } },
};
