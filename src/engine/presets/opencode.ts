import type { EngineConfig } from '../config';

/**
 * opencode's doom loop (sst/opencode packages/opencode/src/session/processor.ts at
 * 31e22f65a23c498639b8cef24b90e6ae193cdcb6, DOOM_LOOP_THRESHOLD = 3): at each tool call, the last
 * 3 parts of the assistant message are tool parts of this tool with the same
 * JSON.stringify(input) → the `doom_loop` permission is asked (the call waits for the user; a
 * refusal blocks it). A message's parts include step-start / text parts, so only calls adjacent
 * in one response count: `cycle`, 1-call, 3 repetitions, within one turn, arguments as written.
 */
export const opencode: EngineConfig = {
  name: 'opencode',
  detectors: {
    cycle: {
      maxPeriod: 1,
      minRepetitions: 3,
      compareResults: false,
      rawText: true,
      argsAsWritten: true,
      resetOnUserPrompt: false,
      resetEachTurn: true,
      actions: ['block'],
    },
  },
};
