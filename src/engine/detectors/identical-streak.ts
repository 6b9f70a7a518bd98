/**
 * Consecutive identical calls counted against a warning and a stop, as three shipping agents do:
 * Cline (src/core/task/loop-detection.ts: a warning at exactly 3, the mistake limit at exactly 5),
 * Roo Code (src/core/tools/ToolRepetitionDetector.ts: the 4th identical call is refused and the
 * user asked, then the count starts over) and CrewAI (tools/tool_usage.py
 * `_check_tool_repeated_usage`: every call equal to the last one is refused). A call is its name
 * and its arguments as canonical JSON (keys sorted), compared as recorded, less `ignoreArgs`;
 * `skipCalls` are neither counted nor break a streak (Roo's browser scrolls).
 */
import type { Json } from '../../model/transcript';
import { exactFingerprint } from '../fingerprint';
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { formatMessage } from './message-templates';
import { userMessageBefore } from './user-prompt';

export interface IdenticalStreakParams {
  [key: string]: number | boolean | string | string[];
  warnAt: number;
  stopAt: number;
  stopAction: string;
  afterStop: string;
  ignoreArgs: string[];
  skipCalls: string[];
  resetOnUserPrompt: boolean;
}

/** `tool` or `tool:key=value` (a string argument with that value). */
function skipRule(rule: string): (c: CallView) => boolean {
  const colon = rule.indexOf(':');
  if (colon < 0) return (c) => c.name === rule;
  const name = rule.slice(0, colon);
  const eq = rule.indexOf('=', colon);
  const key = rule.slice(colon + 1, eq < 0 ? undefined : eq);
  const value = eq < 0 ? undefined : rule.slice(eq + 1);
  return (c) => {
    if (c.name !== name || c.args === null || typeof c.args !== 'object' || Array.isArray(c.args)) return false;
    const v = (c.args as Record<string, Json>)[key];
    return value === undefined ? v !== undefined : v === value;
  };
}

export function identicalStreakSignature(c: CallView, ignore: ReadonlySet<string>): string {
  const a = c.args;
  if (ignore.size === 0 || a === null || typeof a !== 'object' || Array.isArray(a)) return c.exact;
  const kept: Record<string, Json> = {};
  for (const [k, v] of Object.entries(a)) if (!ignore.has(k)) kept[k] = v;
  return exactFingerprint(c.name, kept);
}

export const identicalStreak: DetectorDef<IdenticalStreakParams> = {
  id: 'identical-streak',
  title: 'Identical calls in a row (Cline, Roo Code, CrewAI)',
  origin: 'Cline loop-detection.ts, Roo Code ToolRepetitionDetector.ts, CrewAI tool_usage.py',
  summary: 'The same call N times in a row: a warning at one count, a refusal or a stop at another.',
  params: [
    {
      key: 'warnAt',
      label: 'Warn at the Nth identical call (0: never)',
      type: 'int',
      min: 0,
      max: 1000,
      help: 'Cline: 3 (LOOP_DETECTION_SOFT_THRESHOLD), exactly that count.',
    },
    {
      key: 'stopAt',
      label: 'Stop at the Nth identical call',
      type: 'int',
      min: 2,
      max: 1000,
      help: 'Cline 5, Roo Code 4 (its limit 3 counts repeats), CrewAI 2.',
    },
    { key: 'stopAction', label: 'Stop action', type: 'enum', options: ['block', 'terminate', 'warn'] },
    {
      key: 'afterStop',
      label: 'After a stop',
      type: 'enum',
      options: ['once', 'every', 'restart'],
      help: 'once: only at exactly that count (Cline); every: each further identical call (CrewAI); restart: the count starts over (Roo Code).',
    },
    {
      key: 'ignoreArgs',
      label: 'Arguments left out of the comparison',
      type: 'strings',
      help: 'Cline: task_progress (metadata that changes between otherwise identical calls).',
    },
    {
      key: 'skipCalls',
      label: 'Calls neither counted nor breaking a streak',
      type: 'strings',
      help: 'tool or tool:key=value. Roo Code: browser_action:action=scroll_down, browser_action:action=scroll_up.',
    },
    { key: 'resetOnUserPrompt', label: 'Reset on a user message', type: 'boolean' },
  ],
  defaults: {
    warnAt: 3,
    stopAt: 5,
    stopAction: 'terminate',
    afterStop: 'once',
    ignoreArgs: [],
    skipCalls: [],
    resetOnUserPrompt: false,
  },
  create(p, env) {
    const ignore = new Set(p.ignoreArgs);
    const skips = p.skipCalls.map(skipRule);
    const stopAction = p.stopAction as Action;
    let last = '';
    let count = 0;
    let level = 0;
    return {
      onTurn(turn) {
        if (p.resetOnUserPrompt && userMessageBefore(env.transcript, turn.index)) {
          last = '';
          count = 0;
        }
      },
      onCall(call, sink) {
        if (skips.some((s) => s(call))) return;
        const sig = identicalStreakSignature(call, ignore);
        count = sig === last ? count + 1 : 1;
        last = sig;
        const stop = p.afterStop === 'every' ? count >= p.stopAt : count === p.stopAt;
        const warn = !stop && p.warnAt > 0 && count === p.warnAt;
        if (!stop && !warn) return;
        level++;
        sink.emit({
          action: stop ? stopAction : 'warn',
          level,
          message: formatMessage(stop ? 'identical-streak.stop' : 'identical-streak.warn', { tool: call.name, count }),
          pattern: [sig],
        });
        if (stop && p.afterStop === 'restart') {
          last = '';
          count = 0;
        }
      },
    };
  },
};
