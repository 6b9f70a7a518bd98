/**
 * The window of no-progress (no-progress.ts): the last `cap` steps, and the questions the
 * detector asks it for each new step. A step can only repeat a step of the same tool (or a
 * text-only turn another one: no-progress-step.ts sameStep, sameFailedChange), and only a failed
 * step can share its error (sameError), so every step links to the previous step of its tool
 * and to the previous failed step, and a scan walks those links instead of the whole window:
 * on a real run most of the window is other tools. The links are step numbers, not references,
 * so a step leaves memory when it leaves the ring.
 */
import { sameNormExact } from '../call-view';
import { sameError, sameFailedChange, sameFailure, sameStep, type Step } from './no-progress-step';

const NONE = -1;

export class NoProgressWindow {
  private readonly ring: Step[];
  /** Steps in the window. */
  size = 0;
  /** The number of the next step pushed (the first is 0): step s sits at ring[s % cap]. */
  private seq = 0;
  private readonly lastOfTool = new Map<string, number>();
  private lastText = NONE;
  private lastFailed = NONE;
  /** The nearest step the last scanned one repeats, 1: the previous step (0: new); its error's with `sameError`. */
  lag = 0;
  /**
   * Earlier occurrences within `n` steps of the last scanned step, of its error or of its
   * failed change of one target, whichever is most.
   */
  repeats = 0;
  /** The same within `far` steps (scan), for a failed step. */
  repeatsFar = 0;
  private readonly same = new Occurrences();
  private readonly err = new Occurrences();
  private readonly tgt = new Occurrences();

  constructor(private readonly cap: number) {
    this.ring = new Array<Step>(cap);
  }

  private at(s: number): Step {
    return this.ring[s % this.cap];
  }

  /**
   * Sets `lag`, `repeats` and `repeatsFar` for `step`, not yet pushed: `n` is how far back
   * occurrences count, `errors` whether a step with the same error repeats it, `target` whether
   * failed changes of one target count as one, `far` how far back a failed step's occurrences
   * count for `repeatsFar` (0: not counted). Links `step` to its predecessors.
   */
  scan(step: Step, n: number, errors: boolean, target: boolean, raw: boolean, far = 0): void {
    const cur = this.seq;
    // Calls of one turn were sent together: none of them saw another's result, so they repeat
    // nothing of each other (a batch of edits refused together, "Sibling tool call errored").
    // Occurrences count once per turn.
    const turn = step.call ? step.call.turn : -1;
    const farReach = step.failed ? far : 0;
    const reach = Math.max(n, farReach);
    const oldest = cur - this.size;
    let prev: number;
    if (step.call) {
      const name = step.call.name;
      prev = this.lastOfTool.get(name) ?? NONE;
      this.lastOfTool.set(name, cur);
    } else {
      prev = this.lastText;
      this.lastText = cur;
    }
    step.prev = prev;
    step.prevFailed = this.lastFailed;
    if (step.failed) this.lastFailed = cur;

    let lag = 0;
    const same = this.same.reset();
    const tgt = this.tgt.reset();
    for (let q = prev; q >= oldest && q !== NONE;) {
      const d = cur - q;
      if (lag && d > reach) break;
      const s = this.at(q);
      q = s.prev;
      const t = s.call ? s.call.turn : -1;
      if (t === turn && turn >= 0) continue;
      // The same failure counts whatever a terminal's line wrapping did to its output.
      const hit = sameStep(s, step, raw) || sameFailure(s, step, raw);
      if (hit && !lag) lag = d;
      same.add(t, hit && d <= n, hit && d <= farReach);
      if (target && d <= reach && sameFailedChange(s, step)) tgt.add(t, d <= n, d <= farReach);
    }
    const err = this.err.reset();
    if (errors) {
      let errLag = 0;
      for (let q = step.prevFailed; q >= oldest && q !== NONE;) {
        const d = cur - q;
        if (d > reach && (lag || errLag)) break;
        const s = this.at(q);
        q = s.prevFailed;
        const t = s.call ? s.call.turn : -1;
        if (t === turn && turn >= 0) continue;
        if (sameError(s, step, raw)) {
          if (!errLag) errLag = d;
          // A new way to get the same error is not counted across edits: only the same
          // failed step is (the same build, the same answer); a refused call corrected at once
          // each time is learning.
          err.add(t, d <= n, false);
        }
      }
      if (!lag) lag = errLag;
    }
    this.lag = lag;
    this.repeats = Math.max(same.near, err.near, tgt.near);
    this.repeatsFar = Math.max(same.far, err.far, tgt.far);
  }

  /** Forgets every step (a session continued after its context was compacted starts afresh). */
  clear(): void {
    this.size = 0;
    this.lastOfTool.clear();
    this.lastText = NONE;
    this.lastFailed = NONE;
  }

  /** Adds the scanned step; the oldest leaves when the window is full. */
  push(step: Step): void {
    this.ring[this.seq % this.cap] = step;
    this.seq++;
    if (this.size < this.cap) this.size++;
  }

  /** An earlier step in the window (the pushed step itself aside) has the same action as the last pushed step. */
  actionSeen(step: Step, raw: boolean): boolean {
    const c = step.call!;
    const cur = this.seq - 1;
    // The pushed step is at distance 0; the window behind it holds size - 1 steps.
    const oldest = cur - (this.size - 1);
    for (let q = step.prev; q >= oldest && q !== NONE;) {
      const s = this.at(q);
      if (raw ? s.call!.exact === c.exact : sameNormExact(s.call!, c)) return true;
      q = s.prev;
    }
    return false;
  }
}

/** Occurrences found walking back, once per turn: within `n` steps (near) and within `far` (far). */
class Occurrences {
  near = 0;
  far = 0;
  private turn = -2;

  reset(): this {
    this.near = this.far = 0;
    this.turn = -2;
    return this;
  }

  add(t: number, near: boolean, far: boolean): void {
    if (!near && !far) return;
    // Text steps have no turn of their own to share (-1): each counts.
    if (t >= 0 && t === this.turn) return;
    this.turn = t;
    if (near) this.near++;
    if (far) this.far++;
  }
}
