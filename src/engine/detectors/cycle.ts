/**
 * The cycle-escalation design: 1-, 2- and 3-call cycles repeated consecutively, escalating per pattern: warn,
 * stronger warn with specific alternatives, then stop with LOOP_DETECTED. Periods up to 5 and
 * the two Gemini CLI switches (`argsAsWritten`, `resetOnUserPrompt`) serve the gemini-cli preset.
 *
 * streak[p] counts the consecutive calls (ending now) whose signature equals the one p calls
 * earlier; the design's rule for period p is streak[p] >= p. A detection is each FULL repetition of
 * the unit (streak[p] a multiple of p), so a continuing 2-call cycle is detected every 2 calls,
 * not on every call, and the agent gets one whole cycle to react to each warning.
 */
import { sameNormExact, sameNormStep } from '../call-view';
import { Ring } from '../escalation';
import { canonicalJson } from '../fingerprint';
import type { DetectorDef } from '../params';
import type { Action, CallView } from '../types';
import { RAW_TEXT_PARAM } from './raw-text';
import { startsNewPrompt } from './user-prompt';
import { formatMessage, MESSAGE_TEMPLATES } from './message-templates';

export interface CycleParams {
  [key: string]: number | boolean | Action[];
  maxPeriod: number;
  minRepetitions: number;
  actions: Action[];
  /** Calls match only with the same result too (OpenHands' identical action-observation pairs). */
  compareResults: boolean;
  /** Compare arguments and results as recorded, not through the observation normaliser. */
  rawText: boolean;
  /** Calls compare as `name:JSON.stringify(args)`: key order matters (Gemini CLI's getToolCallKey). */
  argsAsWritten: boolean;
  /** A new user prompt forgets the calls before it and the detections (Gemini CLI's reset). */
  resetOnUserPrompt: boolean;
  /** Only calls of the same model response repeat (opencode's doom loop reads one message's parts). */
  resetEachTurn: boolean;
}

// Distinct patterns remembered for escalation; cleared when full so memory stays bounded.
const MAX_PATTERNS = 4096;
const MAX_ARGS_CHARS = 160;

/** `read_file({"path":"src/auth.py"})`, long arguments cut. */
export function describeCall(c: { name: string; args: unknown }): string {
  const a = typeof c.args === 'string' ? JSON.stringify(c.args) : canonicalJson(c.args);
  return `${c.name}(${a.length > MAX_ARGS_CHARS ? a.slice(0, MAX_ARGS_CHARS) + '…' : a})`;
}

/** The same cycle entered at another call (A,B vs B,A) is the same pattern: smallest rotation. */
function patternKey(unit: string[]): string {
  if (unit.length === 1) return unit[0];
  let best = '';
  for (let r = 0; r < unit.length; r++) {
    let k = '';
    for (let i = 0; i < unit.length; i++) k += (i ? '\u0001' : '') + unit[(r + i) % unit.length];
    if (r === 0 || k < best) best = k;
  }
  return best;
}

function numbered(unit: CallView[]): string {
  return unit.map((c, i) => `  ${i + 1}. ${describeCall(c)}`).join('\n');
}

export const TESTISH = /test|pytest|jest|vitest|spec/i;
export const EDITISH = /edit|write|replace|patch|apply|insert|create/i;
export const READISH = /read|view|cat|open|grep|search|find|list|ls|glob|fetch/i;

/** The "specific alternatives" of the second warning, chosen from what the cycle does. */
function alternatives(unit: CallView[]): string[] {
  const out: string[] = [];
  const names = unit.map((c) => c.name);
  if (unit.length === 1)
    out.push(
      `- Do not call ${names[0]} with these arguments again: the result will not change. Work with the result you already have.`,
    );
  else
    out.push(
      `- Stop cycling through ${names.join(' → ')}: commit to one approach, or change something real before the next attempt.`,
    );
  const text = unit.map((c) => c.name + ' ' + canonicalJson(c.args));
  if (text.some((t) => TESTISH.test(t)))
    out.push(
      '- Before running the tests again, read the full failure output and change the code the failure points at.',
    );
  if (names.some((n) => EDITISH.test(n)))
    out.push(
      '- Your edits are not fixing the problem: re-read the file as it is now, or revert and try a different fix.',
    );
  if (names.some((n) => READISH.test(n)))
    out.push('- You already have this content: use it instead of fetching it again.');
  out.push('- If you are blocked, explain what is blocking you or ask the user for help instead of retrying.');
  return out;
}

export function cycleMessage(
  action: Action,
  level: number,
  count: number,
  unit: CallView[],
  next: Action | null,
): string {
  const pattern = numbered(unit);
  if (action === 'terminate') return formatMessage('cycle.terminate', { count, level, pattern });
  if (level === 1) return formatMessage('cycle.first', { count, pattern });
  const again = formatMessage('cycle.again', { count, level, pattern, alternatives: alternatives(unit).join('\n') });
  return next === 'terminate' ? again + MESSAGE_TEMPLATES['cycle.last-warning'] : again;
}

export const cycle: DetectorDef<CycleParams> = {
  id: 'cycle',
  title: 'Cycle (1-5 calls)',
  origin: 'cycle-escalation design',
  summary: 'A cycle of 1 to 5 calls repeated consecutively; per pattern: warn, stronger warn, stop (LOOP_DETECTED).',
  params: [
    {
      key: 'maxPeriod',
      label: 'Longest cycle (calls)',
      type: 'int',
      min: 1,
      max: 5,
      help: 'The cycle-escalation design checks 1-, 2- and 3-call cycles; Gemini CLI 1 to 5.',
    },
    {
      key: 'minRepetitions',
      label: 'Repetitions to detect',
      type: 'int',
      min: 2,
      max: 20,
      help: 'How many times the unit must appear in a row; the cycle-escalation design detects the second appearance.',
    },
    { key: 'actions', label: 'Actions per detection of a pattern', type: 'actions' },
    {
      key: 'compareResults',
      label: 'Results must match too',
      type: 'boolean',
      help: 'Off in the cycle-escalation design (name + arguments only); on for OpenHands, which compares observations as well.',
    },
    RAW_TEXT_PARAM,
    {
      key: 'argsAsWritten',
      label: 'Arguments compared as written (key order matters)',
      type: 'boolean',
      help: 'Gemini CLI keys a call by name:JSON.stringify(args); off: canonical JSON, keys sorted.',
    },
    {
      key: 'resetOnUserPrompt',
      label: 'A new user prompt resets',
      type: 'boolean',
      help: 'Gemini CLI resets its tool-call history per prompt (its own loop feedback is not a prompt).',
    },
    {
      key: 'resetEachTurn',
      label: 'Only within one response',
      type: 'boolean',
      help: "opencode's doom loop compares the last parts of one assistant message: calls of earlier responses never count.",
    },
  ],
  defaults: {
    maxPeriod: 3,
    minRepetitions: 2,
    actions: ['warn', 'warn', 'terminate'],
    compareResults: false,
    rawText: false,
    argsAsWritten: false,
    resetOnUserPrompt: false,
    resetEachTurn: false,
  },
  create(p, env) {
    const maxP = p.maxPeriod;
    const recent = new Ring<CallView>(2 * maxP);
    const streak = new Int32Array(maxP + 1);
    const detections = new Map<string, number>();
    const raw = p.rawText;
    const written = p.argsAsWritten ? new Ring<string>(2 * maxP) : undefined;
    return {
      onTurn(turn) {
        if (p.resetEachTurn) {
          recent.clear();
          written?.clear();
          streak.fill(0);
          return;
        }
        if (!p.resetOnUserPrompt || !startsNewPrompt(env.transcript, turn.index)) return;
        recent.clear();
        written?.clear();
        streak.fill(0);
        detections.clear();
      },
      onCall(call, sink) {
        recent.push(call);
        written?.push(`${call.name}:${JSON.stringify(call.args)}`);
        // Every streak is updated on every call; the smallest period that holds wins (A,A,A,A is
        // a 1-call cycle, not a 2-call one).
        let period = 0;
        for (let q = 1; q <= maxP; q++) {
          const prev = recent.length > q ? recent.fromEnd(q) : undefined;
          // Results are fingerprinted only for calls whose action already repeats.
          const same =
            prev !== undefined &&
            (written
              ? written.fromEnd(q) === written.fromEnd(0) &&
                (!p.compareResults || (raw ? prev.resultFp === call.resultFp : prev.normResultFp === call.normResultFp))
              : raw
                ? prev.exact === call.exact && (!p.compareResults || prev.resultFp === call.resultFp)
                : p.compareResults
                  ? sameNormStep(prev, call)
                  : sameNormExact(prev, call));
          streak[q] = same ? streak[q] + 1 : 0;
          if (period === 0 && streak[q] >= q) period = q;
        }
        if (period === 0 || streak[period] % period !== 0) return;
        const count = streak[period] / period + 1;
        if (count < p.minRepetitions) return;
        sink.cycle(period, count);

        const unit: CallView[] = [];
        for (let i = period - 1; i >= 0; i--) unit.push(recent.fromEnd(i));
        const sigs = written
          ? unit.map((_, i) => written.fromEnd(period - 1 - i))
          : unit.map((c) => (raw ? c.exact : c.normExact));
        const key = patternKey(sigs);
        if (!detections.has(key) && detections.size >= MAX_PATTERNS) detections.clear();
        const level = (detections.get(key) ?? 0) + 1;
        detections.set(key, level);
        const a = p.actions;
        const action = a[Math.min(level - 1, a.length - 1)];
        const next = a[Math.min(level, a.length - 1)];
        sink.emit({ action, level, message: cycleMessage(action, level, count, unit, next), pattern: sigs });
      },
    };
  },
};
