import type { EngineConfig } from '../config';
import { toolLoop } from '../detectors/tool-loop';

/**
 * OpenClaw's tool-loop detection (openclaw/openclaw src/agents/tool-loop-detection.ts at
 * 00655306d8f3d8123be9d4bf956c3f8ad32bd4e0, src/agents/pi-tools.before-tool-call.ts at
 * 004e82d079f8ac98cb9e713301eef0a553e69552), enabled, with its constants: history 30, warning
 * 10, critical 20, global circuit breaker 30, unknown tool 10, warnings once per 10 counts.
 * Critical findings block the call; warnings are logged.
 */
export const openclaw: EngineConfig = {
  name: 'openclaw',
  detectors: {
    // The detector's defaults are OpenClaw's own constants (tool-loop.ts cites each).
    'tool-loop': { ...toolLoop.defaults },
  },
};
