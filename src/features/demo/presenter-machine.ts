/**
 * Presenter mode's steps, as a pure function so they can be tested without a clock or a page.
 * Playback itself (one turn after the other, stopping at an alarm) is the workbench's
 * usePlayback with "pause on alarm" on; this decides what happens when it stops:
 * - at an alarm turn: show the alarm and hold it for `holdMs`, then play on;
 * - at the last turn: the end (a press starts again from turn 1);
 * - a press (key or click) continues at once from an alarm, pauses while playing, resumes a pause.
 */
export type PresenterPhase = 'playing' | 'alarm' | 'held' | 'ended';

export interface PresenterState {
  phase: PresenterPhase;
  /** The turn playback stopped at (the alarm shown) or was last resumed from. */
  turn: number;
  /** When an alarm's hold ends (ms, the clock `now` is given in); null outside an alarm. */
  resumeAt: number | null;
}

export type PresenterInput =
  /** Playback stopped by itself at `turn` (an alarm with pause on alarm, or the last turn). */
  | { type: 'stopped'; turn: number; now: number }
  /** The hold timer fired. */
  | { type: 'due'; now: number }
  /** A key or click at the turn on screen: continue, pause or resume. */
  | { type: 'press'; turn: number; now: number };

export interface PresenterContext {
  turns: number;
  /** Turns holding an alarm, ascending. */
  alarms: readonly number[];
  /** How long an alarm stays on screen before playback goes on. */
  holdMs: number;
}

/** Presenter mode starts playing from the first turn. */
export function startPresenter(): PresenterState {
  return { phase: 'playing', turn: 1, resumeAt: null };
}

function playOn(turn: number, ctx: PresenterContext): PresenterState {
  // At the last turn there is nothing to play on to (playback would start over).
  if (turn >= ctx.turns) return { phase: 'ended', turn, resumeAt: null };
  return { phase: 'playing', turn, resumeAt: null };
}

export function presenterStep(s: PresenterState, input: PresenterInput, ctx: PresenterContext): PresenterState {
  switch (input.type) {
    case 'stopped':
      if (s.phase !== 'playing') return s;
      if (ctx.alarms.includes(input.turn))
        return { phase: 'alarm', turn: input.turn, resumeAt: input.now + ctx.holdMs };
      if (input.turn >= ctx.turns) return { phase: 'ended', turn: input.turn, resumeAt: null };
      return { phase: 'held', turn: input.turn, resumeAt: null };
    case 'due':
      if (s.phase !== 'alarm' || s.resumeAt === null || input.now < s.resumeAt) return s;
      return playOn(s.turn, ctx);
    case 'press':
      switch (s.phase) {
        case 'alarm':
        case 'held':
          return playOn(input.turn, ctx);
        case 'playing':
          return { phase: 'held', turn: input.turn, resumeAt: null };
        case 'ended':
          return startPresenter();
      }
  }
}

/** Whole seconds left of an alarm's hold (for "continuing in 5 s"); 0 outside an alarm. */
export function secondsLeft(s: PresenterState, now: number): number {
  if (s.phase !== 'alarm' || s.resumeAt === null) return 0;
  return Math.max(0, Math.ceil((s.resumeAt - now) / 1000));
}
