/**
 * What a replay sends to the page (the wire types): the events as a table (event-table.ts), the
 * checks and stop point as they are, and the chart series columnar (typed arrays, transferred
 * rather than cloned) and already cut to the pixels a chart has: the cycle samples, one per call
 * per cycle detector, become at most `CHART_BUCKETS` min/max buckets per series. Made in the
 * worker by to-page-result.ts (chart-buckets.ts cuts the series); read on the page by
 * shown-outcome.ts, and reuse-series.ts keeps equal series from redrawing.
 */
import type { AlarmCounts } from '../engine/alarm-episodes';
import type { MetricsSummary } from '../engine/evaluate';
import type { StopPoint } from '../engine/replay';
import type { DetectorId, JudgeCheck } from '../engine/types';
import type { EventTable } from './event-table';

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

/** A replay's answer to the page (open-sessions.ts runSession). */
export interface RunOutcome {
  result: PageResult;
  metrics: MetricsSummary | null;
  /** Alarms and loops seen at the replayed config's count action (what an unlabelled run shows). */
  counts: AlarmCounts;
  /** Distinct turns with an alarm at that count action, ascending (the alarm keys, the scrubber, pause on alarm). */
  alarmTurns: number[];
  /** Against the preset: its metrics and the alarms the draft adds and drops. */
  baseline: { metrics: MetricsSummary | null; appeared: EventTable; vanished: EventTable } | null;
  ms: number;
}
