/**
 * docker-agent's tool-loop detector (pkg/runtime/tool_loop_detector.go, read at
 * vvoland/cagent 1ed6ba03474dc9f5e9a879c228ae1499d992a14f, a fork of docker/cagent): the calls of
 * one model response form a batch; the same batch `threshold` times in a row (session
 * `max_consecutive_tool_calls`, 5 when unset) ends the run. A response without calls is not
 * recorded and does not break the streak. After a detection the detector resets.
 */
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';

export interface BatchRepeatParams {
  [key: string]: number | boolean | Action[];
  threshold: number;
  argsAsWritten: boolean;
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
    { key: 'actions', label: 'Actions per detection', type: 'actions' },
  ],
  defaults: { threshold: 5, argsAsWritten: false, actions: ['terminate'] },
  create(p) {
    let expected = 0;
    let batch: string[] = [];
    let firstName = '';
    let last = '';
    let consecutive = 0;
    let level = 0;
    const key = (c: CallView) => (p.argsAsWritten ? `${c.name}\u0000${JSON.stringify(c.args)}` : c.exact);
    return {
      onTurn(turn) {
        expected = turn.callCount;
        batch = [];
      },
      onCall(call, sink) {
        if (batch.length === 0) firstName = call.name;
        batch.push(key(call));
        if (batch.length < expected) return;
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
          message:
            `Agent terminated: detected ${consecutive} consecutive identical calls to ${firstName}. ` +
            'This indicates a degenerate loop where the model is not making progress.',
          pattern: [...batch],
        });
        last = '';
        consecutive = 0;
      },
    };
  },
};
