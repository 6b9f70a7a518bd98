import type { EngineConfig } from '../config';

/**
 * The OpenHands software-agent-sdk StuckDetector (OpenHands/software-agent-sdk
 * openhands-sdk/openhands/sdk/conversation/stuck_detector.py at
 * 1c2e6b518376822bdfe05cec8625d4dcc02495d4; thresholds from conversation/types.py
 * StuckDetectionThresholds: action_observation 4, action_error 3, monologue 3,
 * alternating_pattern 6). Only the last 20 events (MAX_EVENTS_TO_SCAN_FOR_STUCK_DETECTION), and
 * of those only the ones after the last user message; monologue is any 3 agent messages in a
 * row; no condensation or empty-response scenario. Stuck ends the run: terminate. Since PR #4332
 * (merged 2026-08-03; the file after it read in the fork yqwd-dimleap/suricate-sdk at
 * a65650736f4bedbaf4863bdbe36b0b97b2780b97, local_conversation.py `_check_stuck_or_nudge`) the
 * same action ending in an error 3 times gets one nudge (a message to the model: warn) and is
 * stuck at the 4th.
 */
export const openhandsSdk: EngineConfig = {
  name: 'openhands-sdk',
  detectors: {
    'openhands-stuck': {
      flavour: 'sdk',
      actionObservation: 4,
      actionError: 3,
      monologue: 3,
      alternatingPattern: 6,
      condensations: 0,
      emptyResponses: 0,
      actionErrorNudge: true,
      sinceLastUser: true,
      scanEvents: 20,
      compareThought: true,
      shellTools: [],
      ipythonTools: [],
      actions: ['terminate'],
    },
  },
};
