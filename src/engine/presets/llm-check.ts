import type { EngineConfig } from '../config';

/**
 * Gemini CLI's LLM loop check alone: the LLM judge on its turn schedule (first check at turn 30, every 3 turns,
 * then 5-15 by confidence), flash then pro at 0.9, answers recorded in the transcript.
 * A confirmed loop ends the turn loop (terminate).
 */
export const llmCheck: EngineConfig = {
  name: 'llm-check',
  detectors: {
    'llm-judge': {
      source: 'recorded',
      checkAfterTurns: 30,
      initialInterval: 3,
      minInterval: 5,
      maxInterval: 15,
      warmupChecks: 1,
      intervalScale: 'threshold',
      threshold: 0.9,
      historyCount: 20,
      resetOnUserMessage: false,
      actions: ['terminate'],
    },
  },
};
