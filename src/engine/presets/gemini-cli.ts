import type { EngineConfig } from '../config';
import { contentChanting } from '../detectors/content-chanting';

/**
 * Gemini CLI's LoopDetectionService (google-gemini/gemini-cli,
 * packages/core/src/services/loopDetectionService.ts; the current file is at 5411f113, not stored
 * in the search index: docs/detectors.md), expressed with Loopscope detectors:
 * - tool call loop: a cycle of 1 to 5 calls repeated 5 times in a row over a history of 25 calls
 *   (acae712, google-gemini/gemini-cli#28429; before it, only the same call 5 times in a row:
 *   TOOL_CALL_LOOP_THRESHOLD = 5), a call keyed `name:JSON.stringify(args)` (key order matters),
 *   the history reset only on a new prompt → `cycle` up to period 5, 5 repetitions, arguments as
 *   written, reset on a user prompt;
 * - content chanting: CONTENT_CHUNK_SIZE 50, CONTENT_LOOP_THRESHOLD 10, MAX_HISTORY_LENGTH 5000,
 *   average distance <= 5 chunks, period check, reset on tool calls and on a new prompt;
 * - LLM check: LLM_CHECK_AFTER_TURNS 30, DEFAULT_LLM_CHECK_INTERVAL 10, MIN 5, MAX 15,
 *   LLM_CONFIDENCE_THRESHOLD 0.9, LLM_LOOP_CHECK_HISTORY_COUNT 20, interval adapted from the
 *   first check by round(5 + 10 * (1 - c)), turn count per user prompt.
 * Two strikes, as the current client: the first detection injects recovery feedback (warn), the
 * next one halts the request (terminate). Strikes are counted per detector here, per prompt
 * across all three checks in Gemini CLI.
 */
export const geminiCli: EngineConfig = {
  name: 'gemini-cli',
  detectors: {
    cycle: {
      maxPeriod: 5,
      minRepetitions: 5,
      compareResults: false,
      rawText: true,
      argsAsWritten: true,
      resetOnUserPrompt: true,
      actions: ['warn', 'terminate'],
    },
    // The detector's defaults are Gemini CLI's own constants.
    'content-chanting': { ...contentChanting.defaults },
    'llm-judge': {
      source: 'recorded',
      checkAfterTurns: 30,
      initialInterval: 10,
      minInterval: 5,
      maxInterval: 15,
      warmupChecks: 0,
      intervalScale: 'unit',
      threshold: 0.9,
      historyCount: 20,
      resetOnUserMessage: true,
      actions: ['warn', 'terminate'],
    },
  },
};
