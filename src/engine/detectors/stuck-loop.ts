/**
 * pydantic-deepagents' StuckLoopDetection capability (vstorm-co/pydantic-deepagents
 * pydantic_deep/capabilities/stuck_loop.py at 4a3666da898eb8ff027d3fa62a49521ad383498c). After
 * each executed call (`after_tool_execute`) it records (tool, hash of the arguments with sorted
 * keys) and (tool, hash of the result), then checks, in this order, and reacts to the first that
 * holds: the last N calls identical (`_check_repeated`); the last 2N calls alternating between two
 * different calls (`_check_alternating`); the last N results of the same tool identical, whatever
 * the arguments (`_check_noop`). The histories live for one agent run (`for_run`): a user prompt
 * starts a new one. Nothing is cleared after a detection, so every further matching call reacts.
 */
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { userMessageBefore } from './user-prompt';
import { formatMessage } from './message-templates';

export interface StuckLoopParams {
  [key: string]: number | boolean | Action[];
  maxRepeated: number;
  detectRepeated: boolean;
  detectAlternating: boolean;
  detectNoop: boolean;
  resetOnUserPrompt: boolean;
  actions: Action[];
}

function allSame(tail: string[]): boolean {
  for (let i = 1; i < tail.length; i++) if (tail[i] !== tail[0]) return false;
  return true;
}

export const stuckLoop: DetectorDef<StuckLoopParams> = {
  id: 'stuck-loop',
  title: 'Stuck loop (pydantic-deepagents)',
  origin: 'pydantic-deepagents pydantic_deep/capabilities/stuck_loop.py',
  summary:
    'The same call N times in a row, two calls alternating N times, or the same tool returning the same result N times in a row (any arguments).',
  params: [
    { key: 'maxRepeated', label: 'Repetitions (max_repeated)', type: 'int', min: 2, max: 100 },
    { key: 'detectRepeated', label: 'Identical calls in a row', type: 'boolean' },
    { key: 'detectAlternating', label: 'Two calls alternating (2N calls)', type: 'boolean' },
    {
      key: 'detectNoop',
      label: 'Same tool, same result in a row (no-op)',
      type: 'boolean',
      help: 'Compares the tool and its result only: successful calls with other arguments and the same result count.',
    },
    {
      key: 'resetOnUserPrompt',
      label: 'Reset on a user message',
      type: 'boolean',
      help: 'On (the source): the histories live for one agent run, which a user prompt starts.',
    },
    {
      key: 'actions',
      label: 'Actions per detection',
      type: 'actions',
      help: "warn: the source's action 'warn' (ModelRetry, the model is told); terminate: action 'error' (StuckLoopError).",
    },
  ],
  defaults: {
    maxRepeated: 3,
    detectRepeated: true,
    detectAlternating: true,
    detectNoop: true,
    resetOnUserPrompt: true,
    actions: ['warn'],
  },
  create(p, env) {
    const n = p.maxRepeated;
    let calls: string[] = [];
    let results: string[] = [];
    let level = 0;
    // Only the last 2N entries are ever read; older ones are dropped in blocks.
    const push = (h: string[], x: string) => {
      h.push(x);
      if (h.length > 8 * n) h.splice(0, h.length - 2 * n);
    };

    function repeated(c: CallView): string | null {
      if (calls.length < n || !allSame(calls.slice(-n))) return null;
      return formatMessage('stuck-loop.repeated', { tool: c.name, n });
    }

    function alternating(names: string[]): string | null {
      const m = 2 * n;
      if (calls.length < m) return null;
      const tail = calls.slice(-m);
      const [a, b] = tail;
      if (a === b) return null;
      for (let i = 0; i < m; i++) if (tail[i] !== (i % 2 === 0 ? a : b)) return null;
      const tn = names.slice(-m);
      return formatMessage('stuck-loop.alternating', { first: tn[0], second: tn[1], n });
    }

    function noop(c: CallView): string | null {
      if (results.length < n || !allSame(results.slice(-n))) return null;
      return formatMessage('stuck-loop.noop', { tool: c.name, n });
    }

    let names: string[] = [];
    return {
      onTurn(turn) {
        // A user message starts a new agent run (`agent.run(prompt)`).
        if (!p.resetOnUserPrompt || !userMessageBefore(env.transcript, turn.index)) return;
        calls = [];
        results = [];
        names = [];
      },
      onCall(c, sink) {
        // after_tool_execute runs for calls that executed: a call without a result is not recorded.
        if (!c.result) return;
        push(calls, c.exact);
        push(results, `${c.name}\u0000${c.result.content}`);
        push(names, c.name);
        const message =
          (p.detectRepeated ? repeated(c) : null) ??
          (p.detectAlternating ? alternating(names) : null) ??
          (p.detectNoop ? noop(c) : null);
        if (message === null) return;
        level++;
        sink.emit({ action: p.actions[Math.min(level - 1, p.actions.length - 1)], level, message });
      },
    };
  },
};
