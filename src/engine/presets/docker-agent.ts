import type { EngineConfig } from '../config';

/**
 * docker-agent (formerly cagent): pkg/runtime/tool_loop_detector.go read at vvoland/cagent
 * 1ed6ba03474dc9f5e9a879c228ae1499d992a14f; the threshold is the session's
 * max_consecutive_tool_calls, 5 when unset (newExecution in pkg/runtime). The same batch of calls
 * 5 responses in a row: "Agent terminated: detected N consecutive identical calls".
 */
export const dockerAgent: EngineConfig = {
  name: 'docker-agent',
  detectors: {
    'batch-repeat': { threshold: 5, argsAsWritten: true, actions: ['terminate'] },
  },
};
