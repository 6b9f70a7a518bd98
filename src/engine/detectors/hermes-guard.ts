/**
 * Hermes Agent's tool-loop guardrails (NousResearch/hermes-agent agent/tool_guardrails.py at
 * 06c25ac90be80f38672ba0169814d9620fe8c9fa, ToolCallGuardrailController), per user turn. Before a
 * call (`before_call`): the per-turn web_search / subagent caps, and with hard stops on, a call
 * that failed `exactFailureBlockAfter` times with these arguments (no mutation since) or a
 * read-only call that returned the same result `noProgressBlockAfter` times is refused. After it
 * (`after_call`): warnings for the same failing call, for one tool failing with any arguments,
 * for a read-only call returning the same result; a halt for one tool failing
 * `sameToolFailureHaltAfter` times. Then `observe_call`: the same (call, result) 3 times in a row,
 * or a cycle of 2-4 calls repeated 3 times, gets a notice, and a halt at `noProgressBlockAfter`.
 * A refusal or a halt ends the turn: nothing more until the next user message.
 */
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { HERMES_IDEMPOTENT_TOOLS, HERMES_MUTATING_TOOLS } from './hermes-rules';
import { HermesState } from './hermes-state';
import { userMessageBefore } from './user-prompt';

export interface HermesGuardParams {
  [key: string]: number | boolean | string[];
  hardStop: boolean;
  warnings: boolean;
  exactFailureWarnAfter: number;
  exactFailureBlockAfter: number;
  sameToolFailureWarnAfter: number;
  sameToolFailureHaltAfter: number;
  noProgressWarnAfter: number;
  noProgressBlockAfter: number;
  identicalCallThreshold: number;
  maxCyclePeriod: number;
  cycleHistory: number;
  maxWebSearches: number;
  maxSubagents: number;
  idempotentTools: string[];
  mutatingTools: string[];
}

export interface HermesDecision {
  action: Action;
  message: string;
}

export const hermesGuard: DetectorDef<HermesGuardParams> = {
  id: 'hermes-guard',
  title: 'Tool-loop guardrails (Hermes Agent)',
  origin: 'Hermes Agent agent/tool_guardrails.py',
  summary:
    'Warn/block ladders by failure type (same failing call, same failing tool, read-only call with the same result), identical-call streaks and cycles of 2-4 calls.',
  params: [
    {
      key: 'hardStop',
      label: 'Hard stops (refusals and halts)',
      type: 'boolean',
      help: 'hard_stop_enabled: on by default for unattended platforms (gateway, cron), off for the CLI (warnings only).',
    },
    { key: 'warnings', label: 'Warnings', type: 'boolean' },
    { key: 'exactFailureWarnAfter', label: 'Same failing call: warn after', type: 'int', min: 1, max: 1000 },
    { key: 'exactFailureBlockAfter', label: 'Same failing call: refuse after', type: 'int', min: 1, max: 1000 },
    { key: 'sameToolFailureWarnAfter', label: 'One tool failing: warn after', type: 'int', min: 1, max: 1000 },
    { key: 'sameToolFailureHaltAfter', label: 'One tool failing: halt after', type: 'int', min: 1, max: 1000 },
    { key: 'noProgressWarnAfter', label: 'Same read-only result: warn after', type: 'int', min: 1, max: 1000 },
    {
      key: 'noProgressBlockAfter',
      label: 'Same read-only result: refuse after',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'Also the halt of identical-call streaks and cycles (in repetitions or laps).',
    },
    { key: 'identicalCallThreshold', label: 'Identical (call, result) notice at', type: 'int', min: 2, max: 1000 },
    { key: 'maxCyclePeriod', label: 'Longest cycle (calls)', type: 'int', min: 2, max: 20 },
    { key: 'cycleHistory', label: 'Cycle history (calls)', type: 'int', min: 4, max: 10000 },
    { key: 'maxWebSearches', label: 'web_search calls per turn (0: no cap)', type: 'int', min: 0, max: 100000 },
    { key: 'maxSubagents', label: 'Subagents per turn (0: no cap)', type: 'int', min: 0, max: 100000 },
    { key: 'idempotentTools', label: 'Read-only tools', type: 'strings' },
    { key: 'mutatingTools', label: 'Mutating tools', type: 'strings' },
  ],
  defaults: {
    hardStop: true,
    warnings: true,
    exactFailureWarnAfter: 2,
    exactFailureBlockAfter: 5,
    sameToolFailureWarnAfter: 3,
    sameToolFailureHaltAfter: 8,
    noProgressWarnAfter: 2,
    noProgressBlockAfter: 5,
    identicalCallThreshold: 3,
    maxCyclePeriod: 4,
    cycleHistory: 64,
    maxWebSearches: 50,
    maxSubagents: 50,
    idempotentTools: HERMES_IDEMPOTENT_TOOLS,
    mutatingTools: HERMES_MUTATING_TOOLS,
  },
  create(p, env) {
    let s = new HermesState(p);
    let level = 0;
    return {
      onTurn(turn) {
        if (userMessageBefore(env.transcript, turn.index)) s = new HermesState(p);
      },
      onCall(c: CallView, sink) {
        if (s.halted) return;
        const decision = s.decide(c);
        if (decision === null) return;
        level++;
        sink.emit({ action: decision.action, level, message: decision.message, pattern: [c.exact] });
      },
    };
  },
};
