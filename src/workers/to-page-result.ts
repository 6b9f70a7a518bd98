/** A replay's result as the worker sends it to the page (page-result.ts), and the buffers it transfers. */
import type { ReplayResult } from '../engine/replay';
import { bucketCycles, columnarFingerprints } from './chart-buckets';
import { encodeEvents, eventTableBuffers } from './event-table';
import { CHART_BUCKETS, type PageResult } from './page-result';

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
