/**
 * Data shaping for the charts: the replay's series cut at the cursor turn, in rows Recharts draws.
 * No detection here; the worker sends the series columnar and already bucketed (page-result.ts).
 */
import type { DetectorId, JudgeCheck } from '../../engine/types';
import type { ColumnarCycles, ColumnarFingerprints, CycleBuckets } from '../../workers/page-result';
import { niceStep } from './sweep-values';
import { distinctFingerprintLabels } from './fingerprint-labels';

/** One colour per top fingerprint (bars and lines share it). */
export const FP_COLORS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

/** Index of the last row at or before `turn` (rows sorted by turn), -1 when there is none. */
export function lastAtOrBefore(rows: readonly { turn: number }[], turn: number): number {
  return lastTurnAtOrBefore({ length: rows.length, at: (i) => rows[i].turn }, turn);
}

/** lastAtOrBefore over a sorted column of turns. */
function lastTurnAtOrBefore(turns: { length: number; at(i: number): number }, turn: number): number {
  let lo = 0;
  let hi = turns.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (turns.at(mid) <= turn) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Round axis ticks from 0 to at or above `n`: about four steps of 1, 2 or 5 × 10^k (13 → 0, 5, 10, 15). */
export function niceTicks(n: number): number[] {
  if (n <= 1) return [0, 1];
  const step = Math.max(1, niceStep(n / 4));
  const top = Math.ceil(n / step) * step;
  const out: number[] = [];
  for (let v = 0; v <= top; v += step) out.push(v);
  return out;
}

/**
 * Round ticks for a turn axis from `from` to `to`: the first turn, then multiples of a step of
 * 1, 2 or 5 × 10^k, two to four of them (1 … 100,000 → 1, 50000, 100000).
 */
export function turnTicks(from: number, to: number): number[] {
  if (to <= from) return [from];
  const step = Math.max(1, niceStep((to - from) / 4));
  const out = [from];
  for (let v = Math.ceil((from + 1) / step) * step; v <= to; v += step) if (v - from >= step / 2) out.push(v);
  return out;
}

export interface FingerprintBar {
  key: string;
  label: string;
  name: string;
  fingerprint: string;
  /** Calls with this fingerprint up to the cursor. */
  count: number;
  /** Calls with this fingerprint in the whole transcript. */
  total: number;
  color: string;
}

/** The top fingerprints with their counts so far, in the order of their final counts (stable while scrubbing). */
export function fingerprintBars(fp: ColumnarFingerprints, turn: number, labelMax = 30): FingerprintBar[] {
  const at = sampleAt(fp, turn);
  // Clipped labels can coincide: those name the argument that differs (fingerprint-labels.ts).
  const labels = distinctFingerprintLabels(fp.top, labelMax);
  return fp.top.map((t, i) => ({
    key: `fp${i}`,
    label: labels[i],
    name: t.name,
    fingerprint: t.fingerprint,
    count: at >= 0 ? fp.counts[i][at] : 0,
    total: t.count,
    color: FP_COLORS[i % FP_COLORS.length],
  }));
}

export type FingerprintLineRow = { turn: number } & Record<string, number>;

/** Cumulative counts of each top fingerprint (keys fp0, fp1, ...) at the sampled turns up to the cursor. */
export function fingerprintLines(fp: ColumnarFingerprints, turn: number): FingerprintLineRow[] {
  const end = sampleAt(fp, turn);
  const rows: FingerprintLineRow[] = [];
  for (let r = 0; r <= end; r++) {
    const row: FingerprintLineRow = { turn: fp.turn[r] } as FingerprintLineRow;
    fp.counts.forEach((c, i) => (row[`fp${i}`] = c[r]));
    rows.push(row);
  }
  return rows;
}

/** The last fingerprint sample at or before `turn`, -1 when there is none. */
function sampleAt(fp: ColumnarFingerprints, turn: number): number {
  return lastTurnAtOrBefore({ length: fp.turn.length, at: (i) => fp.turn[i] }, turn);
}

const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'wye'] as const;
export type PointShape = (typeof SHAPES)[number];

export interface CycleSeries {
  key: string;
  detector: DetectorId;
  period: number;
  name: string;
  shape: PointShape;
  points: { turn: number; repetitions: number }[];
}

/**
 * One series per detector and period (the worker's order: detector, then period) over the whole
 * run, so the legend stays put while scrubbing (cut them with `pointsUpTo`). Each bucket (made
 * in the worker) gives its lowest and its highest repetitions, each at the turn that first
 * reached it, in turn order; one point when they are the same.
 */
export function cycleSeries(cycles: ColumnarCycles): CycleSeries[] {
  return cycles.series.map((s) => ({
    key: `${s.detector}|${s.period}`,
    detector: s.detector,
    period: s.period,
    name: `${s.detector} · period ${s.period}`,
    shape: SHAPES[(s.period - 1) % SHAPES.length],
    points: bucketPoints(s),
  }));
}

function bucketPoints(s: CycleBuckets): { turn: number; repetitions: number }[] {
  const out: { turn: number; repetitions: number }[] = [];
  for (let i = 0; i < s.turn.length; i++) {
    const low = { turn: s.minTurn[i], repetitions: s.min[i] };
    const high = { turn: s.turn[i], repetitions: s.max[i] };
    if (low.repetitions === high.repetitions) out.push(high);
    else if (low.turn < high.turn) out.push(low, high);
    else out.push(high, low);
  }
  return out;
}

/** The points of a series (sorted by turn) up to the cursor. */
export function pointsUpTo<T extends { turn: number }>(points: readonly T[], turn: number): T[] {
  return points.slice(0, lastAtOrBefore(points, turn) + 1);
}

export interface CheckRow {
  turn: number;
  /** false for the row that only carries the interval on to the cursor. */
  check: boolean;
  flash: number | null;
  pro: number | null;
  /** 0 when a model asked at this turn had no answer (drawn as a cross on the axis), else null. */
  unavailable: number | null;
  /** Which models had no answer, e.g. "pro". */
  unavailableModels: string;
  /** 0 when a model was never asked (no cached endpoint answer yet), else absent. */
  notAsked?: number;
  notAskedModels?: string;
  /** The interval in force after the last check of this turn. */
  interval: number;
  source: string;
}

/**
 * The judge's checks up to the cursor, one row per checked turn (flash and pro side by side),
 * and a last row at the cursor carrying the interval in force on to it.
 */
export function checkRows(checks: readonly JudgeCheck[], turn: number): CheckRow[] {
  const rows: CheckRow[] = [];
  for (const c of checks) {
    if (c.turn > turn) continue;
    let row = rows.at(-1);
    if (!row || row.turn !== c.turn) {
      row = {
        turn: c.turn,
        check: true,
        flash: null,
        pro: null,
        unavailable: null,
        unavailableModels: '',
        interval: c.nextInterval,
        source: c.source,
      };
      rows.push(row);
    }
    if (c.notAsked) {
      row.notAsked = 0;
      row.notAskedModels = row.notAskedModels ? `${row.notAskedModels}, ${c.model}` : c.model;
    } else if (c.confidence === null) {
      row.unavailable = 0;
      row.unavailableModels = row.unavailableModels ? `${row.unavailableModels}, ${c.model}` : c.model;
    } else row[c.model] = c.confidence;
    row.interval = c.nextInterval;
  }
  const last = rows.at(-1);
  if (last && last.turn < turn)
    rows.push({
      ...last,
      turn,
      check: false,
      flash: null,
      pro: null,
      unavailable: null,
      unavailableModels: '',
      notAsked: undefined,
      notAskedModels: undefined,
    });
  return rows;
}

/** The answer sources seen, in order of first appearance (recorded, heuristic, ...). */
export function checkSources(checks: readonly JudgeCheck[]): string[] {
  return [...new Set(checks.map((c) => c.source))];
}
