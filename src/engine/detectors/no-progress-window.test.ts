/**
 * The window walks links between steps of one tool and between failed steps instead of the
 * whole window (no-progress-window.ts): on any run it must answer as the rescan of every step
 * in the window, kept here as the reference, does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../model/transcript';
import { LazyCallView, sameNormExact } from '../call-view';
import { callStep, sameError, sameFailedChange, sameFailure, sameStep, textStep, type Step } from './no-progress-step';
import { NoProgressWindow } from './no-progress-window';

/**
 * The rescan: every step of the window, nearest first (`history` oldest first). Steps of the
 * step's own turn repeat nothing; occurrences count once per turn, within `n` steps (near) and,
 * for a failed step, within `far` steps (the same step or failed change only, not the same error).
 */
function rescan(
  history: Step[],
  size: number,
  step: Step,
  n: number,
  errors: boolean,
  target: boolean,
  raw: boolean,
  far: number,
) {
  const back = (d: number) => history[history.length - d];
  const turnOf = (s: Step) => (s.call ? s.call.turn : -1);
  const turn = turnOf(step);
  const farReach = step.failed ? far : 0;
  const reach = Math.max(n, farReach);
  const count = () => ({ near: 0, far: 0, turns: new Set<number>() });
  const same = count();
  const err = count();
  const tgt = count();
  const add = (c: ReturnType<typeof count>, t: number, near: boolean, far: boolean) => {
    if ((!near && !far) || (t >= 0 && c.turns.has(t))) return;
    c.turns.add(t);
    if (near) c.near++;
    if (far) c.far++;
  };
  let errLag = 0;
  let lag = 0;
  for (let d = 1; d <= size; d++) {
    if (lag && d > reach) break;
    const s = back(d);
    const t = turnOf(s);
    if (turn >= 0 && t === turn) continue;
    const hit = sameStep(s, step, raw) || sameFailure(s, step, raw);
    if (hit && !lag) lag = d;
    add(same, t, hit && d <= n, hit && d <= farReach);
    if (errors && sameError(s, step, raw)) {
      if (d <= n && !(t >= 0 && err.turns.has(t))) {
        err.turns.add(t);
        err.near++;
      }
      if (!errLag && d <= reach) errLag = d;
    }
    if (target && d <= reach && sameFailedChange(s, step)) add(tgt, t, d <= n, d <= farReach);
  }
  if (!lag && errors) {
    lag = errLag;
    for (let d = reach + 1; !lag && d <= size; d++) {
      const s = back(d);
      if (!(turn >= 0 && turnOf(s) === turn) && sameError(s, step, raw)) lag = d;
    }
  }
  return {
    lag,
    repeats: Math.max(same.near, err.near, tgt.near),
    repeatsFar: Math.max(same.far, err.far, tgt.far),
  };
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
    .map(([name, path, body, content, isError]) => (turn: number) => {
      const args: Json =
        name === 'bash'
          ? { command: path }
          : name === 'read'
            ? { path }
            : { path, old_string: body, new_string: body + '!' };
      return callStep(new LazyCallView(turn, 1, name, args, { content, isError }, undefined));
    }),
  fc.constantFrom('text:a', 'text:b').map((a) => () => textStep(a, a)),
);

describe('NoProgressWindow', () => {
  it('answers as rescanning the whole window does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, fc.nat(25), fc.nat(25), fc.boolean()), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (run, cap, sameErr, sameTgt, raw) => {
          const win = new NoProgressWindow(cap);
          const history: Step[] = [];
          let turn = 1;
          for (const [make, since, sinceFailed, nextTurn] of run) {
            if (nextTurn) turn++;
            // Two copies of each step: the window's lazy caches must not be what the reference reads.
            const s = make(turn);
            const ref = make(turn);
            const n = Math.min(win.size, since);
            const far = Math.min(win.size, Math.max(since, sinceFailed));
            const errors = sameErr && s.failed;
            const target = (n > 0 || far > 0) && sameTgt && s.change && s.failed;
            const want = rescan(history, win.size, ref, n, errors, target, raw, far);
            win.scan(s, n, errors, target, raw, far);
            expect({ lag: win.lag, repeats: win.repeats, repeatsFar: win.repeatsFar }).toEqual(want);
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
