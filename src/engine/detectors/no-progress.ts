/**
 * A progress-aware detector. Every tool call is a step, and so is every
 * text-only assistant turn (its text is the action, with no observation). A step makes progress
 * when its (action, observation) pair is new among the previous `window` steps; `k` steps in a
 * row without progress are a loop, whatever the cycle length (one call repeated, A-B-C-A-B-C,
 * or a longer round). Actions and observations are compared normalised (observation.ts) unless
 * `rawText` is on.
 *
 * A change (an edit, a write) repeated word for word makes no progress whatever its result:
 * re-inserting the same line shows a file one line longer each time (change-call.ts).
 *
 * `sameError`: a failed step whose error was already seen in the window makes no progress
 * either, whatever its action — a new way to get the same error (prose sent as a shell command,
 * package versions tried one after another) teaches the agent nothing. The name in
 * `X: command not found` is masked for this (no-progress-step.ts).
 *
 * `cycles` (0: off): a run without progress must also span that many rounds of what it repeats
 * (the labelling rule's "at least 3 occurrences"): A-A-A fires at the 3rd A as with k = 2, but
 * A-B-A-B waits for the 3rd A-B, and a 4-step search cycle for its 3rd round. The round is the
 * longest distance back to the step each repeat matched.
 *
 * `recurrence` (0: off): the n-th occurrence in the window of the same step, the same error
 * (with `sameError`), or (with `sameTarget`) the same failed change of one target (one file
 * region, whatever the body) fires even when new steps come between (a view re-read between
 * greps, an edit rejected again after each look at the file). The count starts again when the run
 * moves on: a new successful change (tests re-run after different edits), an action that succeeds
 * with a new answer (a poll that advances), a user or system message not seen before in the run
 * (a new request, lint output).
 *
 * One detection per k steps without progress (at the k-th, 2k-th... in a row) and per
 * `recurrence` occurrences, escalating through `actions`; k steps of progress in a row end the
 * episode, and the next loop starts at level 1 again.
 */
import type { DetectorDef } from '../params';
import { normalizeText } from '../observation';
import type { Action, DetectorSink } from '../types';
import { acrossChangesMessage, describeStep, noProgressMessage, recurrenceMessage } from './no-progress-message';
import { isArglessRejection, shellChangeOf, StepPool, type Step } from './no-progress-step';
import { continuesSession } from './session-continued';
import { messagesBefore } from './user-prompt';
import type { ContextMessage } from '../../model/transcript';
import { NoProgressWindow } from './no-progress-window';
import { RAW_TEXT_PARAM } from './raw-text';

export interface NoProgressParams {
  [key: string]: number | boolean | Action[];
  window: number;
  k: number;
  sameError: boolean;
  cycles: number;
  recurrence: number;
  sameTarget: boolean;
  acrossChanges: number;
  actions: Action[];
  rawText: boolean;
}

const SHOWN = 5;

export const noProgress: DetectorDef<NoProgressParams> = {
  id: 'no-progress',
  title: 'No progress',
  origin: 'Loopscope, from real runs',
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
      key: 'cycles',
      label: 'Rounds of a cycle (0: off)',
      type: 'int',
      min: 0,
      max: 10,
      help: 'The steps without progress must also cover this many rounds of what they repeat: 3 waits for the 3rd A-B of an A-B cycle.',
    },
    {
      key: 'recurrence',
      label: 'Occurrences with steps between (0: off)',
      type: 'int',
      min: 0,
      max: 100,
      help: 'The n-th time the same step, error or failed edit of one target comes back in the window, with no new successful edit since, fires even with new steps between.',
    },
    {
      key: 'sameTarget',
      label: 'Failed edits of one target are the same',
      type: 'boolean',
      help: 'For the recurrence count: failed edits of the same file region are one attempt repeated, whatever their bodies.',
    },
    {
      key: 'acrossChanges',
      label: 'Same failure across edits (0: off)',
      type: 'int',
      min: 0,
      max: 100,
      help: 'The n-th time the same failed command with the same output (or, with the error rule, the same error) comes back in the window fires even when edits came between: an edit, the build, the same error again.',
    },
    {
      key: 'actions',
      label: 'Graduated actions',
      type: 'actions',
      help: 'The n-th detection of a loop takes the n-th action; the last repeats.',
    },
    RAW_TEXT_PARAM,
  ],
  defaults: {
    window: 20,
    k: 4,
    sameError: true,
    cycles: 0,
    recurrence: 0,
    sameTarget: false,
    acrossChanges: 0,
    actions: ['warn', 'warn', 'terminate'],
    rawText: false,
  },
  create(p, env) {
    const pool = new StepPool(p.window, p.k);
    let stuck = 0; // steps in a row without progress
    let moving = 0; // steps in a row with progress
    let level = 0;
    let period = 0; // the longest distance back a repeat of the current run matched
    let fireAt = 0; // the next `stuck` that fires (0: the first detection is still to come)
    let sinceChange = 0; // steps pushed since the run last moved on (movesOn, newContext)
    let sinceContext = 0; // steps pushed since the last new user or system message (newContext)
    const win = new NoProgressWindow(p.window);
    const raw = p.rawText;
    const recurrence = p.recurrence >= 2 ? p.recurrence : 0;
    const across = p.acrossChanges >= 2 ? p.acrossChanges : 0;
    const heard = new Set<string>();
    /**
     * A user or system message never seen before in the run came before this turn: new input is
     * progress for the recurrence count (a new request, lint output after an edit); the same
     * "Please continue." nudge again is not.
     */
    function newContext(before: readonly ContextMessage[]): boolean {
      let fresh = false;
      for (const m of before) {
        // A failed API request and its retry are the harness's, not new input to the agent.
        if (m.extra?.apiError === true || m.extra?.apiRetry === true) continue;
        const key = normalizeText(m.text);
        if (!heard.has(key)) {
          heard.add(key);
          fresh = true;
        }
      }
      return fresh;
    }
    // The last k steps of the current run without progress, for the message (last SHOWN
    // distinct): a ring, so a step costs no array growth or shift.
    const recent = new Array<Step>(p.k);
    let recentCount = 0; // steps of the run so far (the ring holds the last k)

    /**
     * A new step that shows the run moving on: a successful change (an edit tool, or a shell
     * command that writes files or installs something), or an action already in the
     * window that succeeds with a different answer (a poll that advances, the next page of a
     * scroll: the world changed). A new action with a new answer is only exploration.
     */
    function movesOn(step: Step): boolean {
      if (!step.call || step.failed) return false;
      if (step.change || shellChangeOf(step)) return true;
      return win.actionSeen(step, raw);
    }

    function emit(sink: DetectorSink, message: (a: Action) => string, pattern: string[]): void {
      level++;
      const action = p.actions[Math.min(level - 1, p.actions.length - 1)];
      sink.emit({ action, level, message: message(action), pattern });
    }

    function feed(step: Step, sink: DetectorSink): void {
      // Occurrences count since the run last moved on, within the window; a failure, with
      // acrossChanges, since the last new message (edits that leave the same error are no progress).
      const n = recurrence ? Math.min(win.size, sinceChange) : 0;
      const far = across && step.failed ? Math.min(win.size, sinceContext) : 0;
      win.scan(
        step,
        n,
        p.sameError && step.failed,
        (n > 0 || far > 0) && p.sameTarget && step.change && step.failed,
        raw,
        far,
      );
      // How far back (1: the previous step) the nearest step it repeats is (0: new).
      const lag = win.lag;
      // Its occurrence number since the run last moved on, by its best match (0: recurrence off).
      const count = recurrence ? 1 + win.repeats : 0;
      const farCount = across && step.failed ? 1 + win.repeatsFar : 0;
      win.push(step);
      sinceChange = recurrence && lag === 0 && movesOn(step) ? 0 : sinceChange + 1;
      sinceContext++;
      if (lag === 0) {
        stuck = 0;
        period = 0;
        fireAt = 0;
        recentCount = 0;
        if (++moving >= p.k) level = 0;
      } else {
        moving = 0;
        stuck++;
        if (lag > period) period = lag;
        recent[recentCount++ % p.k] = step;
        const need = Math.max(p.k, p.cycles > 1 ? (p.cycles - 1) * period : 0);
        if (fireAt === 0 ? stuck >= need : stuck >= fireAt) {
          fireAt = stuck + p.k;
          const seen = new Set<string>();
          const shown: string[] = [];
          const pattern: string[] = [];
          for (let i = Math.max(0, recentCount - p.k); i < recentCount; i++) {
            const s = recent[i % p.k];
            const a = s.call ? (raw ? s.call.exact : s.call.normExact) : s.action;
            if (!seen.has(a) && shown.length < SHOWN) {
              seen.add(a);
              shown.push(describeStep(s));
              pattern.push(a);
            }
          }
          emit(sink, (action) => noProgressMessage(action, stuck, p.window, shown), pattern);
          return;
        }
      }
      // A run without progress the k rule already announced goes on at the k rule's pace.
      if (recurrence && count >= recurrence && count % recurrence === 0 && !(lag > 0 && fireAt > 0)) {
        const a = step.call ? (raw ? step.call.exact : step.call.normExact) : step.action;
        // The count is over this step and the n before it: the message names those steps, never more.
        emit(sink, (action) => recurrenceMessage(action, count, n + 1, describeStep(step)), [a]);
        // The same loop is not announced again by the k rule on the next step.
        if (lag > 0) fireAt = stuck + p.k;
      } else if (across && farCount >= across && farCount % across === 0 && !(lag > 0 && fireAt > 0)) {
        const a = step.call ? (raw ? step.call.exact : step.call.normExact) : step.action;
        emit(sink, (action) => acrossChangesMessage(action, farCount, far + 1, describeStep(step)), [a]);
        if (lag > 0) fireAt = stuck + p.k;
      }
    }

    return {
      onTurn(turn, sink) {
        const before = messagesBefore(env.transcript, turn.index);
        if (before.some((m) => continuesSession(m.text))) {
          // The session was continued from a summary of itself: what it does next (re-reading
          // the files it was working on) repeats nothing the model still remembers.
          win.clear();
          stuck = moving = level = period = fireAt = recentCount = 0;
          sinceChange = sinceContext = 0;
        }
        if ((recurrence || across) && newContext(before)) sinceChange = sinceContext = 0;
        if (turn.callCount > 0) return;
        const text = raw ? turn.text : normalizeText(turn.text);
        // A turn with neither text nor calls (thinking only, an empty reply) did nothing to repeat.
        if (text.trim() === '') return;
        feed(pool.take().setText('text:' + text, turn.text), sink);
      },
      onCall(call, sink) {
        if (isArglessRejection(call)) return;
        feed(pool.take().setCall(call), sink);
      },
    };
  },
};
