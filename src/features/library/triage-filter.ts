/**
 * The library's search and filters over rows with their triage figures. Pure, so the exact rules
 * are unit-tested: every search word must appear in the title, file name or format; a yes/no
 * filter keeps only rows whose figures are known (a row still being computed matches neither).
 */
import type { RunSummary } from '../../engine/run-summary';
import type { Action } from '../../engine/types';
import type { TranscriptMeta } from '../../persistence/db';

export type YesNo = 'any' | 'yes' | 'no';

/** The strongest action a run reaches under the config ('nothing': no event at all). */
export type Reached = 'any' | 'nothing' | Action;

export interface TriageFilter {
  text: string;
  /** A format id, or '' for every format. */
  format: string;
  alarms: YesNo;
  labelled: YesNo;
  reached: Reached;
}

export const NO_FILTER: TriageFilter = { text: '', format: '', alarms: 'any', labelled: 'any', reached: 'any' };

/** A library row: the stored metadata and, once computed, its summary under the chosen config. */
export interface LibraryRow extends TranscriptMeta {
  triage?: RunSummary;
  /** The summary is from an earlier config and is being computed again. */
  stale?: boolean;
  /** Why the worker could not summarise this run. */
  triageError?: string;
  /** Another run has the same title: the end of this run's file path that tells them apart (file-labels.ts). */
  fileLabel?: string;
}

function yesNo(want: YesNo, value: boolean | undefined): boolean {
  if (want === 'any') return true;
  if (value === undefined) return false;
  return value === (want === 'yes');
}

export function matchesText(row: TranscriptMeta, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = `${row.title}\n${row.fileName}\n${row.format}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export function filterRows(rows: readonly LibraryRow[], f: TriageFilter): LibraryRow[] {
  return rows.filter((r) => {
    if (f.format && r.format !== f.format) return false;
    if (!matchesText(r, f.text)) return false;
    const t = r.triage;
    return (
      yesNo(f.alarms, t && t.alarms > 0) &&
      yesNo(f.labelled, t?.labelled) &&
      (f.reached === 'any' || (t !== undefined && (t.reached?.action ?? 'nothing') === f.reached))
    );
  });
}

export function isFiltered(f: TriageFilter): boolean {
  return f.text.trim() !== '' || f.format !== '' || f.alarms !== 'any' || f.labelled !== 'any' || f.reached !== 'any';
}

/** The formats in the library, sorted, for the format filter. */
export function formatsOf(rows: readonly TranscriptMeta[]): string[] {
  return [...new Set(rows.map((r) => r.format))].sort();
}

/** One point of the library chart: runs the config would have warned / blocked / stopped by `turn`. */
export interface StopPoint {
  turn: number;
  warned: number;
  blocked: number;
  stopped: number;
}

type Counts = Omit<StopPoint, 'turn'>;
const COUNTS = ['warned', 'blocked', 'stopped'] as const;
/** The summary field holding the turn each count first counts a run at. */
const FIRST_TURN = { warned: 'warnedAt', blocked: 'blockedAt', stopped: 'stoppedAt' } as const;
const noCounts = (): Counts => ({ warned: 0, blocked: 0, stopped: 0 });

/**
 * Cumulative counts by turn, one point per turn where a count grows (a step chart): runs warned
 * (any event), blocked (a block or a stop) and stopped by then. Starts at turn 1.
 */
export function stopCurve(summaries: readonly Pick<RunSummary, 'warnedAt' | 'blockedAt' | 'stoppedAt'>[]): StopPoint[] {
  // How many runs each count gains at each turn where one grows.
  const gains = new Map<number, Counts>([[1, noCounts()]]);
  for (const s of summaries)
    for (const k of COUNTS) {
      const turn = s[FIRST_TURN[k]];
      if (turn === null || turn === undefined) continue;
      let g = gains.get(turn);
      if (!g) gains.set(turn, (g = noCounts()));
      g[k]++;
    }
  const sum = noCounts();
  return [...gains.keys()]
    .sort((a, b) => a - b)
    .map((turn) => {
      for (const k of COUNTS) sum[k] += gains.get(turn)![k];
      return { turn, ...sum };
    });
}

/**
 * Runs split into the worker calls of one triage pass: at most `maxRuns` runs or about
 * `maxTurns` turns per call, so progress moves and a config change is noticed between calls.
 */
export function triageBatches(
  rows: readonly Pick<TranscriptMeta, 'id' | 'turns'>[],
  maxTurns = 20_000,
  maxRuns = 25,
): number[][] {
  const out: number[][] = [];
  let cur: number[] = [];
  let turns = 0;
  for (const r of rows) {
    if (cur.length > 0 && (cur.length >= maxRuns || turns + r.turns > maxTurns)) {
      out.push(cur);
      cur = [];
      turns = 0;
    }
    cur.push(r.id);
    turns += r.turns;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** Ticks of a log turn axis: 1, 2, 5, 10, 20, 50, … up to `max`, and `max` itself. */
export function logTicks(max: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= max; p *= 10) for (const m of [1, 2, 5]) if (p * m <= max) out.push(p * m);
  if (out[out.length - 1] !== max) out.push(max);
  return out;
}
