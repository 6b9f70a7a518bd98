/**
 * A progress-aware detector (issue 9 item 4). Every tool call is a step, and so is every
 * text-only assistant turn (its text is the action, with no observation). A step makes progress
 * when its (action, observation) pair is new among the previous `window` steps; `k` steps in a
 * row without progress are a loop, whatever the cycle length (one call repeated, A-B-C-A-B-C,
 * or a longer round). Actions and observations are compared normalised (observation.ts) unless
 * `rawText` is on.
 *
 * `sameError`: a failed step whose error was already seen in the window makes no progress
 * either, whatever its action — a new way to get the same error (prose sent as a shell command,
 * package versions tried one after another) teaches the agent nothing.
 *
 * One detection per k steps without progress (at the k-th, 2k-th... in a row), escalating
 * through `actions`; k steps of progress in a row end the episode, and the next loop starts at
 * level 1 again.
 */
import { sameNormExact, sameNormStep } from '../call-view';
import type { DetectorDef } from '../params';
import { normalizeText } from '../observation';
import { isShellTool, shellFailed } from '../shell';
import type { Action, CallView, DetectorSink } from '../types';
import { describeCall } from './cycle';
import { RAW_TEXT_PARAM } from './raw-text';

export interface NoProgressParams {
  [key: string]: number | boolean | Action[];
  window: number;
  k: number;
  sameError: boolean;
  actions: Action[];
  rawText: boolean;
}

/**
 * One step of the window: a call (its action and observation read lazily) or a text-only turn
 * (`action` is its normalised text).
 */
interface Step {
  action: string;
  call: CallView | null;
  text: string;
  failed: boolean;
}

const SHOWN = 5;
const TEXT_SHOWN = 80;

function failedCall(call: CallView): boolean {
  const r = call.result;
  if (!r) return false;
  return r.isError || (isShellTool(call.name) && shellFailed(r));
}

function describeStep(s: Step): string {
  if (s.call) return describeCall(s.call);
  const t = s.text.replace(/\s+/g, ' ').trim();
  return `text: "${t.length > TEXT_SHOWN ? t.slice(0, TEXT_SHOWN) + '…' : t}"`;
}

export function noProgressMessage(action: Action, n: number, window: number, shown: string[]): string {
  const list = shown.map((s, i) => `  ${i + 1}. ${s}`).join('\n');
  if (action === 'terminate')
    return `Loop detected: no progress in the last ${n} steps (each repeated an action and result already seen in the last ${window} steps). Stopping the run:\n${list}`;
  return (
    `⚠️ No progress: the last ${n} steps each repeated an action and its result (or an error) already seen in the last ${window} steps:\n${list}\n` +
    'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.'
  );
}

export const noProgress: DetectorDef<NoProgressParams> = {
  id: 'no-progress',
  title: 'No progress',
  origin: 'Loopscope (issue 9)',
  summary:
    'k steps in a row whose (action, observation) pair was already seen in the window: a loop of any cycle length.',
  params: [
    {
      key: 'window',
      label: 'Window (steps)',
      type: 'int',
      min: 1,
      max: 1000,
      help: 'A step makes progress when its action and observation together are new among this many previous steps.',
    },
    {
      key: 'k',
      label: 'Steps without progress',
      type: 'int',
      min: 1,
      max: 100,
      help: 'This many steps in a row without progress are a loop; one detection per k such steps.',
    },
    {
      key: 'sameError',
      label: 'A repeated error is no progress',
      type: 'boolean',
      help: 'A failed step whose error is already in the window makes no progress, whatever its action (prose sent as a command).',
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection of a loop takes the n-th action; the last repeats.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: { window: 20, k: 4, sameError: true, actions: ['warn', 'warn', 'terminate'], rawText: false },
  create(p) {
    const cap = p.window;
    const ring: (Step | null)[] = new Array<Step | null>(cap).fill(null);
    let size = 0;
    let next = 0;
    let stuck = 0; // steps in a row without progress
    let moving = 0; // steps in a row with progress
    let level = 0;
    const raw = p.rawText;
    const obs = (s: Step): string => (s.call ? (raw ? s.call.resultFp : s.call.normResultFp) : '');
    const actionOf = (s: Step): string => (s.call ? (raw ? s.call.exact : s.call.normExact) : s.action);
    // Two calls are compared without normalising when their raw fingerprints already decide it.
    const sameAction = (a: Step, b: Step): boolean => {
      if (a.call && b.call) return raw ? a.call.exact === b.call.exact : sameNormExact(a.call, b.call);
      if (!a.call && !b.call) return a.action === b.action;
      // A call's action is its tool name, ':', then its arguments (the name is never masked), a
      // text step's is 'text:' then its text: a call is normalised only when its name allows a match.
      const call = (a.call ?? b.call)!;
      const text = a.call ? b.action : a.action;
      const n = call.name.length;
      if (text.charCodeAt(n) !== 58 || !text.startsWith(call.name)) return false;
      return actionOf(a) === actionOf(b);
    };
    const recent: Step[] = []; // the current run without progress, for the message (last SHOWN distinct)

    function repeats(step: Step): boolean {
      // Observations are fingerprinted only for steps whose action is already in the window.
      let o: string | undefined;
      for (let i = 0; i < size; i++) {
        const s = ring[i]!;
        if (s.call && step.call && !raw) {
          if (sameNormStep(s.call, step.call)) return true;
        } else if (sameAction(s, step) && obs(s) === (o ??= obs(step))) return true;
      }
      if (!p.sameError || !step.failed) return false;
      for (let i = 0; i < size; i++) {
        const s = ring[i]!;
        if (s.failed && obs(s) === (o ??= obs(step))) return true;
      }
      return false;
    }

    function feed(step: Step, sink: DetectorSink): void {
      const again = repeats(step);
      ring[next] = step;
      next = next + 1 === cap ? 0 : next + 1;
      if (size < cap) size++;
      if (!again) {
        stuck = 0;
        recent.length = 0;
        if (++moving >= p.k) level = 0;
        return;
      }
      moving = 0;
      stuck++;
      recent.push(step);
      if (recent.length > p.k) recent.shift();
      if (stuck < p.k || (stuck - p.k) % p.k !== 0) return;
      level++;
      const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
      const seen = new Set<string>();
      const shown: string[] = [];
      const pattern: string[] = [];
      for (const s of recent) {
        const a = actionOf(s);
        if (!seen.has(a) && shown.length < SHOWN) {
          seen.add(a);
          shown.push(describeStep(s));
          pattern.push(a);
        }
      }
      sink.emit({ action, level, message: noProgressMessage(action, stuck, p.window, shown), pattern });
    }

    return {
      onTurn(turn, sink) {
        if (turn.callCount > 0) return;
        const text = raw ? turn.text : normalizeText(turn.text);
        feed({ action: 'text:' + text, call: null, text: turn.text, failed: false }, sink);
      },
      onCall(call, sink) {
        feed({ action: '', call, text: '', failed: failedCall(call) }, sink);
      },
    };
  },
};
