/**
 * Keeps the page's chart series objects across replays when their values did not change, so React
 * (which compares by identity) does not redraw a chart whose series are equal.
 */
import type { ColumnarCycles, ColumnarFingerprints, PageResult } from './page-result';

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
