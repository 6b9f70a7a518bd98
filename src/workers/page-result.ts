/**
 * What a replay sends to the page: the events as a table (event-table.ts), the checks and stop
 * point as they are, and the chart
 * series columnar (typed arrays, transferred rather than cloned) and already cut to the pixels a
 * chart has: the cycle samples, one per call per cycle detector, become at most `CHART_BUCKETS`
 * min/max buckets per series. Pure: tested in Node, run in the worker.
 */
import type { ReplayResult, StopPoint } from '../engine/replay';
import type { FingerprintSeries } from '../engine/series';
import { DETECTOR_IDS, type CycleSample, type DetectorEvent, type DetectorId, type JudgeCheck } from '../engine/types';
import type { MetricsSummary } from '../engine/evaluate';
import { decodeEvents, encodeEvents, eventTableBuffers, type EventTable } from './event-table';

/** The widest chart's plot in pixels (the wide view): one bucket per pixel at most. */
export const CHART_BUCKETS = 1000;

export interface ColumnarFingerprints {
  /** Most frequent call fingerprints, most frequent first. */
  top: { fingerprint: string; name: string; count: number }[];
  /** The sampled turns, ascending. */
  turn: Int32Array<ArrayBuffer>;
  /** counts[i][s]: calls with top[i]'s fingerprint up to turn[s]. */
  counts: Int32Array<ArrayBuffer>[];
}

/** One cycle series (a detector and a period) in turn buckets. */
export interface CycleBuckets {
  detector: DetectorId;
  period: number;
  /** Per bucket: the turn where the bucket's highest repetitions were first reached. */
  turn: Int32Array<ArrayBuffer>;
  /** Per bucket: the turn where the bucket's lowest repetitions were first reached. */
  minTurn: Int32Array<ArrayBuffer>;
  min: Int32Array<ArrayBuffer>;
  max: Int32Array<ArrayBuffer>;
}

export interface ColumnarCycles {
  /** Detector order, then period. */
  series: CycleBuckets[];
  /** The highest repetitions over the whole run (the axis does not rescale while scrubbing). */
  maxRepetitions: number;
}

export interface PageResult {
  turns: number;
  calls: number;
  events: EventTable;
  checks: JudgeCheck[];
  stoppedAt: StopPoint | null;
  fingerprints: ColumnarFingerprints;
  cycles: ColumnarCycles;
}

export function columnarFingerprints(fp: FingerprintSeries): ColumnarFingerprints {
  const n = fp.timeline.length;
  const turn = new Int32Array(n);
  const counts = fp.top.map(() => new Int32Array(n));
  for (let s = 0; s < n; s++) {
    turn[s] = fp.timeline[s].turn;
    const c = fp.timeline[s].counts;
    for (let i = 0; i < counts.length; i++) counts[i][s] = c[i] ?? 0;
  }
  return { top: fp.top, turn, counts };
}

/**
 * Cycle samples as per-series buckets of ceil(turns / buckets) turns. Drawn at full resolution a
 * series is each turn's highest repetitions; a bucket keeps the lowest and the highest of those,
 * each at the first turn that reached it, so a drop inside a bucket still shows. Samples come in
 * replay order (turns never go back within a series).
 */
export function bucketCycles(cycles: readonly CycleSample[], turns: number, buckets = CHART_BUCKETS): ColumnarCycles {
  const width = Math.max(1, Math.ceil(turns / buckets));
  const byKey = new Map<string, Pending>();
  let maxRepetitions = 0;
  for (const c of cycles) {
    if (c.repetitions > maxRepetitions) maxRepetitions = c.repetitions;
    const key = `${c.detector}|${c.period}`;
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { detector: c.detector, period: c.period, b: new Map(), turn: c.turn, top: 0 }));
    if (c.turn !== s.turn) {
      foldTurn(s, width);
      s.turn = c.turn;
      s.top = 0;
    }
    if (c.repetitions > s.top) s.top = c.repetitions;
  }
  const order = (d: DetectorId) => DETECTOR_IDS.indexOf(d);
  const series = [...byKey.values()]
    .map((s) => (foldTurn(s, width), s))
    .sort((a, b) => order(a.detector) - order(b.detector) || a.period - b.period)
    .map(({ detector, period, b }) => {
      const rows = [...b.values()].sort((x, y) => x.maxTurn - y.maxTurn);
      return {
        detector,
        period,
        turn: Int32Array.from(rows, (r) => r.maxTurn),
        minTurn: Int32Array.from(rows, (r) => r.minTurn),
        min: Int32Array.from(rows, (r) => r.min),
        max: Int32Array.from(rows, (r) => r.max),
      };
    });
  return { series, maxRepetitions };
}

interface Bucket {
  minTurn: number;
  min: number;
  maxTurn: number;
  max: number;
}

/** A series being bucketed: its buckets, and the turn whose highest repetitions are still being read. */
interface Pending {
  detector: DetectorId;
  period: number;
  b: Map<number, Bucket>;
  turn: number;
  top: number;
}

/** Puts the pending turn's highest repetitions into its bucket. */
function foldTurn(s: Pending, width: number): void {
  const k = Math.floor((s.turn - 1) / width);
  const b = s.b.get(k);
  if (!b) s.b.set(k, { minTurn: s.turn, min: s.top, maxTurn: s.turn, max: s.top });
  else {
    if (s.top > b.max) [b.maxTurn, b.max] = [s.turn, s.top];
    if (s.top < b.min) [b.minTurn, b.min] = [s.turn, s.top];
  }
}

export function toPageResult(r: ReplayResult, buckets = CHART_BUCKETS): PageResult {
  return {
    turns: r.turns,
    calls: r.calls,
    events: encodeEvents(r.events),
    checks: r.checks,
    stoppedAt: r.stoppedAt,
    fingerprints: columnarFingerprints(r.fingerprints),
    cycles: bucketCycles(r.cycles, r.turns, buckets),
  };
}

/** The buffers of a page result, to transfer with it instead of copying. */
export function transferables(r: PageResult): ArrayBuffer[] {
  return [
    ...eventTableBuffers(r.events),
    r.fingerprints.turn.buffer,
    ...r.fingerprints.counts.map((c) => c.buffer),
    ...r.cycles.series.flatMap((s) => [s.turn.buffer, s.minTurn.buffer, s.min.buffer, s.max.buffer]),
  ];
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameFingerprints(a: ColumnarFingerprints, b: ColumnarFingerprints): boolean {
  return (
    a.top.length === b.top.length &&
    a.top.every((t, i) => t.fingerprint === b.top[i].fingerprint && t.count === b.top[i].count) &&
    sameInts(a.turn, b.turn) &&
    a.counts.every((c, i) => sameInts(c, b.counts[i]))
  );
}

function sameCycles(a: ColumnarCycles, b: ColumnarCycles): boolean {
  return (
    a.maxRepetitions === b.maxRepetitions &&
    a.series.length === b.series.length &&
    a.series.every((s, i) => {
      const t = b.series[i];
      return (
        s.detector === t.detector &&
        s.period === t.period &&
        sameInts(s.turn, t.turn) &&
        sameInts(s.minTurn, t.minTurn) &&
        sameInts(s.min, t.min) &&
        sameInts(s.max, t.max)
      );
    })
  );
}

/**
 * `next` with the series of `prev` where they are equal, so a threshold change that leaves a
 * chart's series as they were does not redraw that chart (the page compares a few thousand ints).
 */
export function reuseSeries<R extends Pick<PageResult, 'fingerprints' | 'cycles'>>(prev: R | undefined, next: R): R {
  if (!prev) return next;
  const fingerprints = sameFingerprints(prev.fingerprints, next.fingerprints) ? prev.fingerprints : next.fingerprints;
  const cycles = sameCycles(prev.cycles, next.cycles) ? prev.cycles : next.cycles;
  return fingerprints === next.fingerprints && cycles === next.cycles ? next : { ...next, fingerprints, cycles };
}

/** A replay's answer to the page (sessions.ts runSession). */
export interface RunOutcome {
  result: PageResult;
  metrics: MetricsSummary | null;
  /** Against the preset: its metrics and the alarms the draft adds and drops. */
  baseline: { metrics: MetricsSummary | null; appeared: EventTable; vanished: EventTable } | null;
  ms: number;
}

/** A page result as the page reads it: the events as objects again. */
export type ShownResult = Omit<PageResult, 'events'> & { events: DetectorEvent[] };

export type ShownOutcome = Omit<RunOutcome, 'result' | 'baseline'> & {
  result: ShownResult;
  baseline: { metrics: MetricsSummary | null; appeared: DetectorEvent[]; vanished: DetectorEvent[] } | null;
};

/** The page's reading of a replay's answer (its event tables back into events). */
export function shownOutcome(o: RunOutcome): ShownOutcome {
  const { baseline: b } = o;
  return {
    ...o,
    result: { ...o.result, events: decodeEvents(o.result.events) },
    baseline: b && { metrics: b.metrics, appeared: decodeEvents(b.appeared), vanished: decodeEvents(b.vanished) },
  };
}
