/**
 * The fingerprint chart's rows in its two scopes: the window around the cursor (the worker's
 * `chartWindow`: counted there, only shaped here) and the whole run (the replay's sampled series,
 * with the worker's exact counts at the cursor as the last point, so the lines reach the cursor
 * between samples and the bars are not stale or empty before the first sample).
 */
import type { ChartWindow } from '../../workers/chart-window';
import type { ColumnarFingerprints } from '../../workers/page-result';
import {
  fingerprintBars,
  fingerprintLines,
  FP_COLORS,
  type FingerprintBar,
  type FingerprintLineRow,
} from './chart-data';
import { distinctFingerprintLabels } from './fingerprint-labels';

/** The radii the scope switch offers; 0 stands for the whole run. */
export const WINDOW_RADII = [10, 50, 200] as const;
export const DEFAULT_RADIUS = 50;

/** Marks the labels of the fingerprints called at the cursor turn. */
export const NOW = '▶ ';

export interface ScopedBar extends FingerprintBar {
  /** Counted in the window around the cursor (else up to the cursor in the whole run). */
  windowed: boolean;
  /** Calls of it at the cursor turn (window scope; 0 in the whole run's scope). */
  atTurn: number;
}

/** The window's bars: calls in the window (`count` and `total`); those called at the cursor marked with NOW. */
export function windowBars(win: ChartWindow, labelMax = 30): ScopedBar[] {
  // Two characters fewer: the marked labels are bold and start with NOW.
  const labels = distinctFingerprintLabels(win.bars, labelMax - 2);
  return win.bars.map((b, i) => ({
    key: `fp${i}`,
    label: b.atTurn > 0 ? NOW + labels[i] : labels[i],
    name: b.name,
    fingerprint: b.fingerprint,
    count: b.count,
    total: b.count,
    windowed: true,
    atTurn: b.atTurn,
    color: FP_COLORS[i % FP_COLORS.length],
  }));
}

/** One row per turn of the window: each bar's calls from the window's first turn up to that turn. */
export function windowLines(win: ChartWindow): FingerprintLineRow[] {
  const rows: FingerprintLineRow[] = [];
  for (let t = win.from; t <= win.to; t++) {
    const row = { turn: t } as FingerprintLineRow;
    win.bars.forEach((b, i) => (row[`fp${i}`] = b.lines[t - win.from]));
    rows.push(row);
  }
  return rows;
}

/** The worker's exact counts at `turn` when they are for this turn and these top fingerprints. */
function exactAt(fp: ColumnarFingerprints, win: ChartWindow | null, turn: number): number[] | null {
  return win && win.turn === turn && win.wholeRun.length === fp.top.length ? win.wholeRun : null;
}

/** The whole run's top fingerprints with their calls up to the cursor (exact once the worker answered). */
export function runBars(fp: ColumnarFingerprints, win: ChartWindow | null, turn: number, labelMax = 30): ScopedBar[] {
  const exact = exactAt(fp, win, turn);
  return fingerprintBars(fp, turn, labelMax).map((b, i) => ({
    ...b,
    count: exact ? exact[i] : b.count,
    windowed: false,
    atTurn: 0,
  }));
}

/** The sampled cumulative counts up to the cursor, ending with the exact counts at the cursor. */
export function runLines(fp: ColumnarFingerprints, win: ChartWindow | null, turn: number): FingerprintLineRow[] {
  const rows = fingerprintLines(fp, turn);
  const exact = exactAt(fp, win, turn);
  if (!exact || rows.at(-1)?.turn === turn) return rows;
  const row = { turn } as FingerprintLineRow;
  exact.forEach((c, i) => (row[`fp${i}`] = c));
  return [...rows, row];
}
