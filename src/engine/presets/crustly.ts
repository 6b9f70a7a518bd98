import type { EngineConfig } from '../config';

/**
 * The Crustly design (2025-11-30 thresholds): identical consecutive calls; exploration tools
 * (ls, glob, grep, read) 10 allowed, modification tools (write, edit, bash) 2, others 3; buffer 15.
 * The call beyond the threshold is blocked, as in Crustly's documented examples. A call is its
 * signature `tool:main argument` (the log's `write:src/config.rs`): Crustly's Test 3 blocks the
 * third write of test.rs whatever the content.
 */
export const crustly: EngineConfig = {
  name: 'crustly',
  detectors: {
    'consecutive-repeat': {
      explorationTools: ['ls', 'glob', 'grep', 'read'],
      explorationThreshold: 10,
      modificationTools: ['write', 'edit', 'bash'],
      modificationThreshold: 2,
      defaultThreshold: 3,
      bufferSize: 15,
      action: 'block',
      signature: 'main-argument',
    },
  },
};
