/**
 * docker-agent's tool-loop detector (pkg/runtime/tool_loop_detector.go, read at
 * vvoland/cagent 1ed6ba03474dc9f5e9a879c228ae1499d992a14f, a fork of docker/cagent): the calls of
 * one model response form a batch; the same batch `threshold` times in a row (session
 * `max_consecutive_tool_calls`, 5 when unset) ends the run. A response without calls is not
 * recorded and does not break the streak. After a detection the detector resets.
 *
 * The options serve octo-agent's stuck detector (open-octo/octo-agent internal/agent/agent.go at
 * d45b9647dd18ed0d086ba4409f8c4b8864c2e1b9): its observation-only tools are left out of a batch
 * (`ignoreTools`; a batch of only those is not recorded), the history restarts with each user
 * turn (`resetOnUserPrompt`), and a detection ends the run without clearing it
 * (`resetAfterDetection` off).
 */
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { userMessageBefore } from './user-prompt';
import { formatMessage } from './message-templates';

export interface BatchRepeatParams {
  [key: string]: number | boolean | string[] | Action[];
  threshold: number;
  argsAsWritten: boolean;
  ignoreTools: string[];
  resetOnUserPrompt: boolean;
  resetAfterDetection: boolean;
  actions: Action[];
}

export const batchRepeat: DetectorDef<BatchRepeatParams> = {
  id: 'batch-repeat',
  title: 'Repeated call batch (docker-agent)',
  origin: 'docker-agent pkg/runtime/tool_loop_detector.go',
  summary: "The same batch of calls (one response's calls, in order) N times in a row ends the run.",
  params: [
    { key: 'threshold', label: 'Identical batches in a row', type: 'int', min: 1, max: 1000 },
    {
      key: 'argsAsWritten',
      label: 'Arguments compared as written (key order matters)',
      type: 'boolean',
      help: 'On: the arguments string as sent (1ed6ba0). Off: JSON with sorted keys (later versions).',
    },
    {
      key: 'ignoreTools',
      label: 'Tools left out of a batch',
      type: 'strings',
      help: 'octo-agent: observation-only tools (terminal_output, workflow_status); a batch of only these is not recorded.',
    },
    { key: 'resetOnUserPrompt', label: 'Reset on a user message', type: 'boolean' },
    {
      key: 'resetAfterDetection',
      label: 'Reset after a detection',
      type: 'boolean',
      help: 'On (docker-agent): the streak starts again. Off (octo-agent): the next identical batch is detected again.',
    },
    { key: 'actions', label: 'Actions per detection', type: 'actions' },
  ],
  defaults: {
    threshold: 5,
    argsAsWritten: false,
    ignoreTools: [],
    resetOnUserPrompt: false,
    resetAfterDetection: true,
    actions: ['terminate'],
  },
  create(p, env) {
    const ignored = new Set(p.ignoreTools);
    let expected = 0;
    let seen = 0;
    let batch: string[] = [];
    let firstName = '';
    let last = '';
    let consecutive = 0;
    let level = 0;
    const key = (c: CallView) => (p.argsAsWritten ? `${c.name}\u0000${JSON.stringify(c.args)}` : c.exact);
    return {
      onTurn(turn) {
        expected = turn.callCount;
        seen = 0;
        batch = [];
        if (p.resetOnUserPrompt && userMessageBefore(env.transcript, turn.index)) {
          last = '';
          consecutive = 0;
        }
      },
      onCall(call, sink) {
        seen++;
        if (!ignored.has(call.name)) {
          if (batch.length === 0) firstName = call.name;
          batch.push(key(call));
        }
        if (seen < expected || batch.length === 0) return;
        const sig = batch.join('\u0000\u0000');
        if (sig === last) consecutive++;
        else {
          last = sig;
          consecutive = 1;
        }
        if (consecutive < p.threshold) return;
        level++;
        const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
        sink.emit({
          action,
          level,
          message: formatMessage('batch-repeat', { count: consecutive, tool: firstName }),
          pattern: [...batch],
        });
        if (!p.resetAfterDetection) return;
        last = '';
        consecutive = 0;
      },
    };
  },
};
