/**
 * Data shaping for the charts: the replay result cut at the cursor turn, in rows Recharts draws.
 * No detection here; everything comes from the worker's ReplayResult.
 */
import type { FingerprintSeries } from '../../engine/series';
import { DETECTOR_IDS, type CycleSample, type DetectorId, type JudgeCheck } from '../../engine/types';
import { niceStep } from './sweep-values';

/** One colour per top fingerprint (bars and lines share it). */
export const FP_COLORS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

/** Index of the last row at or before `turn` (rows sorted by turn), -1 when there is none. */
export function lastAtOrBefore(rows: readonly { turn: number }[], turn: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].turn <= turn) {
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

function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, Math.max(1, max - 1)).trimEnd() + '…';
}

/**
 * `write content=# A, path=docs/a.md` from `write:{"content":"# A","path":"docs/a.md"}`, clipped;
 * a single argument shows its value only (`ls src`).
 */
export function fingerprintLabel(name: string, fingerprint: string, max = 30): string {
  const raw = fingerprint.startsWith(name + ':') ? fingerprint.slice(name.length + 1) : fingerprint;
  let args = raw;
  try {
    const v: unknown = JSON.parse(raw);
    const text = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const entries = Object.entries(v as Record<string, unknown>);
      args = entries.length === 1 ? text(entries[0][1]) : entries.map(([k, x]) => `${k}=${text(x)}`).join(', ');
    } else if (typeof v === 'string') args = v;
  } catch {
    // not JSON (a hashed or custom fingerprint): shown as it is
  }
  args = args.replace(/\s+/g, ' ').trim();
  return clip(args && args !== '{}' ? `${name} ${args}` : name, max);
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
export function fingerprintBars(fp: FingerprintSeries, turn: number, labelMax = 30): FingerprintBar[] {
  const at = lastAtOrBefore(fp.timeline, turn);
  // Clipped labels can coincide: the later ones get " #2", " #3", ... so every bar is told apart.
  const seen = new Map<string, number>();
  const labels = fp.top.map((t) => {
    const label = fingerprintLabel(t.name, t.fingerprint, labelMax);
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${fingerprintLabel(t.name, t.fingerprint, labelMax - 3)} #${n}`;
  });
  return fp.top.map((t, i) => ({
    key: `fp${i}`,
    label: labels[i],
    name: t.name,
    fingerprint: t.fingerprint,
    count: at >= 0 ? fp.timeline[at].counts[i] : 0,
    total: t.count,
    color: FP_COLORS[i % FP_COLORS.length],
  }));
}

export type FingerprintLineRow = { turn: number } & Record<string, number>;

/** Cumulative counts of each top fingerprint (keys fp0, fp1, ...) at the sampled turns up to the cursor. */
export function fingerprintLines(fp: FingerprintSeries, turn: number): FingerprintLineRow[] {
  const end = lastAtOrBefore(fp.timeline, turn);
  const rows: FingerprintLineRow[] = [];
  for (let r = 0; r <= end; r++) {
    const row: FingerprintLineRow = { turn: fp.timeline[r].turn } as FingerprintLineRow;
    fp.timeline[r].counts.forEach((c, i) => (row[`fp${i}`] = c));
    rows.push(row);
  }
  return rows;
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
 * The cycle samples as one series per detector and period (detector order, then period), over
 * the whole run so the legend stays put while scrubbing (cut them with `pointsUpTo`). Samples
 * are binned to at most `maxPoints` turn buckets per series, keeping the highest repetitions of
 * each bucket (the first sample reaching it).
 */
export function cycleSeries(cycles: readonly CycleSample[], turns: number, maxPoints = 300): CycleSeries[] {
  const bucket = Math.max(1, Math.ceil(turns / maxPoints));
  const series = new Map<string, CycleSeries & { best: Map<number, { turn: number; repetitions: number }> }>();
  for (const c of cycles) {
    const key = `${c.detector}|${c.period}`;
    let s = series.get(key);
    if (!s) {
      s = {
        key,
        detector: c.detector,
        period: c.period,
        name: `${c.detector} · period ${c.period}`,
        shape: SHAPES[(c.period - 1) % SHAPES.length],
        points: [],
        best: new Map(),
      };
      series.set(key, s);
    }
    const b = Math.floor((c.turn - 1) / bucket);
    const prev = s.best.get(b);
    if (!prev || c.repetitions > prev.repetitions) s.best.set(b, { turn: c.turn, repetitions: c.repetitions });
  }
  const order = (d: DetectorId) => DETECTOR_IDS.indexOf(d);
  return [...series.values()]
    .sort((a, b) => order(a.detector) - order(b.detector) || a.period - b.period)
    .map(({ best, ...s }) => ({ ...s, points: [...best.values()].sort((a, b) => a.turn - b.turn) }));
}

/** The points of a series (sorted by turn) up to the cursor. */
export function pointsUpTo<T extends { turn: number }>(points: readonly T[], turn: number): T[] {
  return points.slice(0, lastAtOrBefore(points, turn) + 1);
}

/** The highest repetitions over the whole run, so the axis does not rescale while scrubbing. */
export function maxRepetitions(cycles: readonly CycleSample[]): number {
  let m = 0;
  for (const c of cycles) if (c.repetitions > m) m = c.repetitions;
  return m;
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
