/**
 * The window walks links between steps of one tool and between failed steps instead of the
 * whole window (no-progress-window.ts): on any run it must answer as the rescan of every step
 * in the window, kept here as the reference, does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../model/transcript';
import { LazyCallView, sameNormExact } from '../call-view';
import { callStep, sameError, sameFailedChange, sameStep, textStep, type Step } from './no-progress-step';
import { NoProgressWindow } from './no-progress-window';

/** The rescan: every step of the window, nearest first (`history` oldest first). */
function rescan(history: Step[], size: number, step: Step, n: number, errors: boolean, target: boolean, raw: boolean) {
  const back = (d: number) => history[history.length - d];
  let same = 0;
  let err = 0;
  let tgt = 0;
  let errLag = 0;
  let lag = 0;
  for (let d = 1; d <= size; d++) {
    if (lag && d > n) break;
    const s = back(d);
    const hit = sameStep(s, step, raw);
    if (hit && !lag) lag = d;
    if (d > n) continue;
    if (hit) same++;
    if (errors && sameError(s, step, raw)) {
      err++;
      if (!errLag) errLag = d;
    }
    if (target && sameFailedChange(s, step)) tgt++;
  }
  if (!lag && errors) {
    lag = errLag;
    for (let d = n + 1; !lag && d <= size; d++) if (sameError(back(d), step, raw)) lag = d;
  }
  return { lag, repeats: Math.max(same, err, tgt) };
}

/** The rescan's action check, after the step was pushed (`history` ends with it). */
function actionSeenByRescan(history: Step[], size: number, step: Step, raw: boolean): boolean {
  const c = step.call!;
  for (let d = 2; d <= size; d++) {
    const s = history[history.length - d];
    if (s.call && (raw ? s.call.exact === c.exact : sameNormExact(s.call, c))) return true;
  }
  return false;
}

const RESULTS = [
  'ok',
  'ok ',
  'Error: no such file',
  'Error: no such file at 12:30:45',
  'ERROR: No replacement',
  'done in 0.5s',
  'done in 0.7s',
];
const step = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('read', 'bash', 'edit', 'write'),
      fc.constantFrom('a.ts', 'b.ts', 'run 12:30:45', 'run 09:10:11', 'c  .ts'),
      fc.constantFrom('x', 'y', 'z'),
      fc.constantFrom(...RESULTS),
      fc.boolean(),
    )
    .map(([name, path, body, content, isError]) => () => {
      const args: Json =
        name === 'bash'
          ? { command: path }
          : name === 'read'
            ? { path }
            : { path, old_string: body, new_string: body + '!' };
      return callStep(new LazyCallView(1, 1, name, args, { content, isError }, undefined));
    }),
  fc.constantFrom('text:a', 'text:b').map((a) => () => textStep(a, a)),
);

describe('NoProgressWindow', () => {
  it('answers as rescanning the whole window does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, fc.nat(25)), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (run, cap, sameErr, sameTgt, raw) => {
          const win = new NoProgressWindow(cap);
          const history: Step[] = [];
          for (const [make, since] of run) {
            // Two copies of each step: the window's lazy caches must not be what the reference reads.
            const s = make();
            const ref = make();
            const n = Math.min(win.size, since);
            const errors = sameErr && s.failed;
            const target = n > 0 && sameTgt && s.change && s.failed;
            const want = rescan(history, win.size, ref, n, errors, target, raw);
            win.scan(s, n, errors, target, raw);
            expect({ lag: win.lag, repeats: win.repeats }).toEqual(want);
            win.push(s);
            history.push(ref);
            const size = win.size;
            if (s.call) expect(win.actionSeen(s, raw)).toBe(actionSeenByRescan(history, size, ref, raw));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
