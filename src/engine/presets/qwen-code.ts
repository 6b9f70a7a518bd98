import type { EngineConfig } from '../config';
import { qwenLoop } from '../detectors/qwen-loop';

/**
 * Qwen Code's LoopDetectionService (QwenLM/qwen-code packages/core/src/services/
 * loopDetectionService.ts at 00aa71b4a0a37df1c392eb9b90e1c53d008fdce5): TOOL_CALL_LOOP_THRESHOLD 5,
 * GLOBAL_DUPLICATE_THRESHOLD 6, ALTERNATING_PATTERN_CYCLES 3, STAGNATION_THRESHOLD 8,
 * FILE_READ_THRESHOLD 8 of FILE_READ_WINDOW 15, SHELL_COMMAND_STAGNATION_THRESHOLD 8,
 * DEFAULT_MAX_TOOL_CALLS_PER_TURN 100; content chanting with CONTENT_CHUNK_SIZE 50,
 * CONTENT_LOOP_THRESHOLD 10, MAX_HISTORY_LENGTH 1000, an average distance of at most 1.5 chunks,
 * no period check and the fixed markdown markers. The first detection halts the turn. These are
 * the rules with `model.skipLoopDetection: false`; the CLI's default (true) keeps only the
 * consecutive, git inspection and cap guards (docs/detectors.md).
 */
export const qwenCode: EngineConfig = {
  name: 'qwen-code',
  detectors: {
    // The detector's defaults are Qwen Code's own constants.
    'qwen-loop': { ...qwenLoop.defaults },
    'content-chanting': {
      chunkSize: 50,
      threshold: 10,
      maxHistory: 1000,
      maxDistanceChunks: 1.5,
      checkPeriods: false,
      fixedMarkers: true,
      resetOnToolCall: true,
      resetOnUserMessage: true,
      actions: ['terminate'],
    },
  },
};
