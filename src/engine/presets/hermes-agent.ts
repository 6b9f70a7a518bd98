import type { EngineConfig } from '../config';
import { hermesGuard } from '../detectors/hermes-guard';

/**
 * Hermes Agent's tool-loop guardrails (NousResearch/hermes-agent agent/tool_guardrails.py at
 * 06c25ac90be80f38672ba0169814d9620fe8c9fa) with the defaults of ToolCallGuardrailConfig and hard
 * stops on, as on its unattended platforms (gateway, cron): warn after 2 identical failures and
 * refuse after 5, warn after 3 failures of one tool and halt after 8, warn after 2 identical
 * read-only results and refuse after 5; identical (call, result) streaks and cycles of 2-4 calls
 * get a notice at 3 and halt at 5.
 */
export const hermesAgent: EngineConfig = {
  name: 'hermes-agent',
  // The detector's defaults are Hermes Agent's own constants (hard stops on).
  detectors: { 'hermes-guard': { ...hermesGuard.defaults } },
};
