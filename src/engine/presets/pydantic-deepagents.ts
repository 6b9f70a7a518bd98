import type { EngineConfig } from '../config';
import { stuckLoop } from '../detectors/stuck-loop';

/**
 * pydantic-deepagents' StuckLoopDetection (vstorm-co/pydantic-deepagents
 * pydantic_deep/capabilities/stuck_loop.py at 4a3666da898eb8ff027d3fa62a49521ad383498c):
 * max_repeated 3, action "warn" (ModelRetry), the three checks on. The `stuck-loop` detector with
 * its defaults: 3 identical calls, 6 calls alternating between two, or one tool returning the
 * same result 3 times in a row whatever its arguments (the no-op rule reported to flag
 * legitimate repeated successes, vstorm-co/pydantic-deepagents#208).
 */
export const pydanticDeepagents: EngineConfig = {
  name: 'pydantic-deepagents',
  detectors: {
    // The detector's defaults are the source's own (stuck-loop.ts cites them).
    'stuck-loop': { ...stuckLoop.defaults },
  },
};
