/**
 * The chart series of a replay cut for the page: the fingerprint timeline in typed columns, and
 * the cycle samples as at most `buckets` min/max buckets per series. Pure: tested in Node, run in
 * the worker.
 */
import type { FingerprintSeries } from '../engine/series';
import { DETECTOR_IDS, type CycleSample, type DetectorId } from '../engine/types';
import { CHART_BUCKETS, type ColumnarCycles, type ColumnarFingerprints } from './page-result';

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
