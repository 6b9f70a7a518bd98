import type { TimelineView } from '../../state/timeline-slice';

/** The fewest turns a zoomed timeline shows. */
export const MIN_SPAN = 10;
/** One zoom step (a key press or a wheel notch) shows this many times fewer turns. */
export const ZOOM_STEP = 1.5;

/** The view as a window of the run: the whole run when there is none. */
export function windowOf(view: TimelineView | null, turns: number): TimelineView {
  const n = Math.max(1, turns);
  return view ?? { from: 0, to: n };
}

/** Keeps a window inside [0, turns] with its span between MIN_SPAN and the run; the whole run is null. */
export function clampView(from: number, to: number, turns: number): TimelineView | null {
  const n = Math.max(1, turns);
  const span = Math.min(n, Math.max(Math.min(MIN_SPAN, n), to - from));
  if (span >= n) return null;
  let f = Math.max(0, Math.min(from, n - span));
  if (!Number.isFinite(f)) f = 0;
  return { from: f, to: f + span };
}

/**
 * Zooms by `factor` (> 1 zooms in) keeping the turn position `anchor` where it is on screen
 * (the pointer under the wheel, the cursor for keys).
 */
export function zoomView(
  view: TimelineView | null,
  turns: number,
  factor: number,
  anchor: number,
): TimelineView | null {
  const w = windowOf(view, turns);
  const a = Math.max(w.from, Math.min(w.to, anchor));
  return clampView(a - (a - w.from) / factor, a + (w.to - a) / factor, turns);
}

/** Moves the window by `delta` turns (negative: earlier), its span unchanged. */
export function panView(view: TimelineView | null, turns: number, delta: number): TimelineView | null {
  if (!view) return null;
  return clampView(view.from + delta, view.to + delta, turns);
}

/**
 * The window moved just enough to show `turn` with a margin of a tenth of the span, so stepping
 * or playing past the edge scrolls the timeline. Unchanged (the same object) when it is in view.
 */
export function followTurn(view: TimelineView | null, turns: number, turn: number): TimelineView | null {
  if (!view) return null;
  const span = view.to - view.from;
  const margin = span / 10;
  if (turn - 1 >= view.from && turn <= view.to) return view;
  const from = turn - 1 < view.from ? turn - 1 - margin : turn - span + margin;
  return clampView(from, from + span, turns);
}

/** Round tick steps (1, 2, 5 × 10^k turns) giving about `target` ticks over `span` turns. */
export function tickStep(span: number, target: number): number {
  const raw = Math.max(1, span / Math.max(1, target));
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

/** The turns to tick in a window: multiples of the step (turn 1 stands in for 0). */
export function ticks(view: TimelineView, target: number): number[] {
  const step = tickStep(view.to - view.from, target);
  const out: number[] = [];
  const first = Math.ceil(Math.max(1, view.from + 0.5) / step) * step;
  // Turn 1 is ticked too when the first multiple of the step is far enough from it.
  if (view.from < 1 && first - 1 >= step * 0.6) out.push(1);
  for (let t = first; t <= view.to; t += step) out.push(t);
  return out;
}
