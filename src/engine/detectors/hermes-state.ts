/**
 * One user turn of Hermes Agent's ToolCallGuardrailController (agent/tool_guardrails.py at
 * 06c25ac90be80f38672ba0169814d9620fe8c9fa): `before_call`, `after_call` and `observe_call` for
 * each recorded call, in that order, reduced to one decision per call (a halt over a refusal
 * over a warning). A call without a recorded result did not run: only `before_call` sees it.
 */
import type { Json } from '../../model/transcript';
import type { CallView } from '../types';
import type { HermesDecision, HermesGuardParams } from './hermes-guard';
import { formatMessage } from './message-templates';
import {
  HERMES_FAILURE_TOLERANT,
  HERMES_PROGRESS_RESET,
  hermesCycle,
  hermesFailed,
  hermesRepeatable,
  hermesResultKey,
  type HermesObserved,
} from './hermes-rules';

function ordinal(n: number): string {
  const suffix =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** delegate_task: subagents one call spawns (_subagent_spawn_count). */
function spawnCount(args: Json): number {
  const a = args !== null && typeof args === 'object' && !Array.isArray(args) ? args : {};
  const action = typeof a.action === 'string' ? a.action.trim().toLowerCase() : '';
  if (action === 'list' || action === 'steer' || action === 'stop') return 0;
  return Array.isArray(a.tasks) && a.tasks.length > 0 ? a.tasks.length : 1;
}

export class HermesState {
  halted = false;
  private readonly exactFailures = new Map<string, number>();
  private readonly toolFailures = new Map<string, number>();
  private readonly progressSinceFailure = new Map<string, boolean>();
  private readonly noProgress = new Map<string, { result: string; count: number }>();
  private streakSig: string | null = null;
  private streakResult = '';
  private streakCount = 0;
  private history: HermesObserved[] = [];
  private webSearches = 0;
  private subagents = 0;
  private readonly idempotent: Set<string>;
  private readonly mutating: Set<string>;

  constructor(private readonly p: HermesGuardParams) {
    this.idempotent = new Set(p.idempotentTools);
    this.mutating = new Set(p.mutatingTools);
  }

  private isIdempotent(name: string): boolean {
    return !this.mutating.has(name) && this.idempotent.has(name);
  }

  decide(c: CallView): HermesDecision | null {
    const block = this.beforeCall(c);
    if (block) {
      this.halted = true;
      return { action: 'block', message: block };
    }
    if (!c.result) return null;
    const content = c.result.content;
    const failed = c.result.isError || hermesFailed(c.name, content);
    const after = this.afterCall(c, content, failed);
    const notice = this.observeCall(c, content);
    if (c.name === 'delegate_task') this.subagents += spawnCount(c.args);
    const halt = after?.action === 'terminate' ? after : notice?.action === 'terminate' ? notice : null;
    if (halt) {
      this.halted = true;
      return halt;
    }
    const warnings = [after?.message, notice?.message].filter((m): m is string => !!m);
    return warnings.length ? { action: 'warn', message: warnings.join('\n') } : null;
  }

  private beforeCall(c: CallView): string | null {
    const p = this.p;
    if (c.name === 'web_search') {
      if (p.maxWebSearches && this.webSearches >= p.maxWebSearches)
        return formatMessage('hermes.web-search-cap', { max: p.maxWebSearches });
      this.webSearches++;
    }
    if (c.name === 'delegate_task' && spawnCount(c.args) > 0 && p.maxSubagents && this.subagents >= p.maxSubagents)
      return formatMessage('hermes.subagent-cap', { count: this.subagents, max: p.maxSubagents });
    if (!p.hardStop) return null;
    const sig = c.exact;
    const exact = this.progressSinceFailure.get(sig) ? 0 : (this.exactFailures.get(sig) ?? 0);
    if (exact >= p.exactFailureBlockAfter)
      return formatMessage('hermes.exact-failure-block', { tool: c.name, count: exact });
    const record = this.isIdempotent(c.name) ? this.noProgress.get(sig) : undefined;
    if (record && record.count >= p.noProgressBlockAfter)
      return formatMessage('hermes.no-progress-block', { tool: c.name, count: record.count });
    return null;
  }

  private afterCall(c: CallView, content: string, failed: boolean): HermesDecision | null {
    const p = this.p;
    const sig = c.exact;
    if (failed) {
      if (this.progressSinceFailure.get(sig)) {
        this.progressSinceFailure.delete(sig);
        this.exactFailures.delete(sig);
      }
      const exact = (this.exactFailures.get(sig) ?? 0) + 1;
      this.exactFailures.set(sig, exact);
      const same = (this.toolFailures.get(c.name) ?? 0) + 1;
      this.toolFailures.set(c.name, same);
      this.noProgress.delete(sig);
      if (p.hardStop && !HERMES_FAILURE_TOLERANT.has(c.name) && same >= p.sameToolFailureHaltAfter)
        return {
          action: 'terminate',
          message: formatMessage('hermes.same-tool-halt', { tool: c.name, count: same }),
        };
      if (p.warnings && exact >= p.exactFailureWarnAfter)
        return {
          action: 'warn',
          message: formatMessage('hermes.exact-failure-warn', { tool: c.name, count: exact }),
        };
      if (p.warnings && same >= p.sameToolFailureWarnAfter)
        return {
          action: 'warn',
          message: formatMessage('hermes.same-tool-warn', { tool: c.name, count: same }),
        };
      return null;
    }
    this.exactFailures.delete(sig);
    this.toolFailures.delete(c.name);
    if (HERMES_PROGRESS_RESET.has(c.name)) {
      for (const k of this.exactFailures.keys()) this.progressSinceFailure.set(k, true);
      this.toolFailures.clear();
    }
    if (!this.isIdempotent(c.name)) {
      this.noProgress.delete(sig);
      return null;
    }
    const result = hermesResultKey(content, c.name);
    const previous = this.noProgress.get(sig);
    const count = previous && previous.result === result ? previous.count + 1 : 1;
    this.noProgress.set(sig, { result, count });
    if (p.warnings && count >= p.noProgressWarnAfter)
      return {
        action: 'warn',
        message: formatMessage('hermes.no-progress-warn', { tool: c.name, count }),
      };
    return null;
  }

  private observeCall(c: CallView, content: string): HermesDecision | null {
    const p = this.p;
    const sig = c.exact;
    const result = hermesResultKey(content, c.name);
    if (sig === this.streakSig && result === this.streakResult) this.streakCount++;
    else {
      this.streakSig = sig;
      this.streakResult = result;
      this.streakCount = 1;
    }
    const count = this.streakCount;
    const repeatable = hermesRepeatable(c.name);
    this.history.push({ sig, result, repeatable });
    if (this.history.length > p.cycleHistory) this.history.shift();
    if (!repeatable && count >= p.identicalCallThreshold) {
      if (p.hardStop && count >= p.noProgressBlockAfter)
        return {
          action: 'terminate',
          message: formatMessage('hermes.identical-halt', { tool: c.name, count }),
        };
      return {
        action: 'warn',
        message: formatMessage('hermes.identical-note', { ordinal: ordinal(count), tool: c.name }),
      };
    }
    const cycle = hermesCycle(this.history, p.maxCyclePeriod, p.identicalCallThreshold);
    if (cycle === null) return null;
    const [period, laps] = cycle;
    if (p.hardStop && laps >= p.noProgressBlockAfter)
      return {
        action: 'terminate',
        message: formatMessage('hermes.cycle-halt', { tool: c.name, period, laps }),
      };
    return {
      action: 'warn',
      message: formatMessage('hermes.cycle-note', { tool: c.name, period, laps }),
    };
  }
}
