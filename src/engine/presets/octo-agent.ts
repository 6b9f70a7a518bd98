import type { EngineConfig } from '../config';

/**
 * octo-agent's duplicate-tool-call stuck detector (open-octo/octo-agent internal/agent/agent.go at
 * d45b9647dd18ed0d086ba4409f8c4b8864c2e1b9): a batch is the reply's tool_use blocks in order, each
 * (name, SHA-256 of json.Marshal(Input)) — Go sorts map keys — without the observation-only tools
 * terminal_output and workflow_status; `stuckWindow = 4`: when the last 4 recorded batches equal
 * the new one (the 5th identical batch; 3 before open-octo/octo-agent#737) the run stops
 * (StopReasonStuck) before it runs. The history restarts with each user turn.
 */
export const octoAgent: EngineConfig = {
  name: 'octo-agent',
  detectors: {
    'batch-repeat': {
      threshold: 5,
      argsAsWritten: false,
      ignoreTools: ['terminal_output', 'workflow_status'],
      resetOnUserPrompt: true,
      resetAfterDetection: false,
      actions: ['terminate'],
    },
  },
};
