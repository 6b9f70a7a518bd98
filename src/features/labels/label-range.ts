/** The turn range a label applies to, from the timeline selection or the From / To fields. */
import type { Label } from '../../model/transcript';

export type RangeChoice = { range: [number, number]; error?: undefined } | { range?: undefined; error: string };

function turnOf(text: string, name: string, turns: number): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `${name} must be a whole turn number`;
  const v = Number(t);
  if (v < 1 || v > turns) return `${name} must be between 1 and ${turns}`;
  return v;
}

/** The selected range when there is one, else the typed one; from > to is swapped. */
export function chooseRange(selected: [number, number] | null, from: string, to: string, turns: number): RangeChoice {
  if (selected) {
    const lo = Math.max(1, Math.min(selected[0], selected[1]));
    const hi = Math.min(turns, Math.max(selected[0], selected[1]));
    return lo <= hi ? { range: [lo, hi] } : { error: 'the selection lies outside the transcript' };
  }
  const a = turnOf(from, 'From turn', turns);
  if (typeof a === 'string') return { error: a };
  const b = turnOf(to, 'To turn', turns);
  if (typeof b === 'string') return { error: b };
  return { range: [Math.min(a, b), Math.max(a, b)] };
}

export function describeRange([lo, hi]: [number, number]): string {
  return lo === hi ? `turn ${lo}` : `turns ${lo}–${hi}`;
}

function spans(n: number, kind: string, turns: number): string {
  return `${n} ${kind} span${n === 1 ? '' : 's'} (${turns} turn${turns === 1 ? '' : 's'})`;
}

/** "1 loop span (11 turns) · 2 progress spans (5 turns)". */
export function labelSummary(labels: Label[]): string {
  const count = (k: Label['kind']) => labels.filter((l) => l.kind === k);
  const width = (ls: Label[]) => ls.reduce((s, l) => s + l.endTurn - l.startTurn + 1, 0);
  const loops = count('loop');
  const progress = count('progress');
  return `${spans(loops.length, 'loop', width(loops))} · ${spans(progress.length, 'progress', width(progress))}`;
}

/** The labels without the one at `index`. */
export function withoutLabel(labels: Label[], index: number): Label[] {
  return labels.filter((_, i) => i !== index);
}
