/**
 * False positives and negatives against labelled loop spans (DESIGN.md section 5). Metrics hold
 * counts that add up across transcripts; ratios are derived from the sums.
 */
import { turnTokenTotal, type Transcript } from '../model/transcript';
import type { ReplayResult } from './replay';
import { ACTION_RANK, type Action, type DetectorEvent, type DetectorId } from './types';

export interface Metrics {
  transcripts: number;
  alarms: number;
  tp: number;
  fp: number;
  spans: number;
  caught: number;
  missed: number;
  prematureStops: number;
  /** Sum and count of span latencies (turns from span start to its first alarm), caught spans only. */
  latencySum: number;
  latencyCount: number;
  tokensWasted: number;
  tokensSaved: number;
}

export interface MetricsSummary extends Metrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  meanLatency: number | null;
}

export interface EvaluateOptions {
  countAction?: Action;
  /** Only this detector's events (the compare and per-detector views). */
  detector?: DetectorId;
}

export function emptyMetrics(): Metrics {
  return {
    transcripts: 0,
    alarms: 0,
    tp: 0,
    fp: 0,
    spans: 0,
    caught: 0,
    missed: 0,
    prematureStops: 0,
    latencySum: 0,
    latencyCount: 0,
    tokensWasted: 0,
    tokensSaved: 0,
  };
}

export function hasLoopLabels(t: Transcript): boolean {
  return t.labels.some((l) => l.kind === 'loop');
}

function turnTokens(t: Transcript, turn: number): number {
  return turnTokenTotal(t.turns[turn - 1]?.tokens) ?? 0;
}

export function isAlarm(e: DetectorEvent, countAction: Action): boolean {
  return ACTION_RANK[e.action] >= ACTION_RANK[countAction];
}

export function evaluate(result: ReplayResult, t: Transcript, opts: EvaluateOptions = {}): Metrics {
  const countAction = opts.countAction ?? 'warn';
  const spans = t.labels.filter((l) => l.kind === 'loop');
  const inSpan = (turn: number) => spans.some((s) => turn >= s.startTurn && turn <= s.endTurn);
  const m = emptyMetrics();
  m.transcripts = 1;
  m.spans = spans.length;
  const firstAlarm = new Array<number | undefined>(spans.length);
  for (const e of result.events) {
    if (opts.detector && e.detector !== opts.detector) continue;
    if (!isAlarm(e, countAction)) continue;
    m.alarms++;
    let hit = false;
    spans.forEach((s, i) => {
      if (e.turn >= s.startTurn && e.turn <= s.endTurn) {
        hit = true;
        if (firstAlarm[i] === undefined || e.turn < firstAlarm[i]!) firstAlarm[i] = e.turn;
      }
    });
    if (hit) m.tp++;
    else m.fp++;
  }
  spans.forEach((s, i) => {
    const first = firstAlarm[i];
    const until = first ?? s.endTurn + 1;
    for (let turn = s.startTurn; turn < until; turn++) m.tokensWasted += turnTokens(t, turn);
    if (first === undefined) m.missed++;
    else {
      m.caught++;
      m.latencySum += first - s.startTurn;
      m.latencyCount++;
    }
  });
  // Only the run's own stop counts: terminates after it kill nothing. Per detector, that
  // detector's first terminate. So at most one premature stop per transcript.
  const stop = opts.detector
    ? result.events.find((e) => e.action === 'terminate' && e.detector === opts.detector)
    : result.stoppedAt;
  if (stop && !inSpan(stop.turn)) m.prematureStops = 1;
  if (stop) for (let turn = stop.turn + 1; turn <= t.turns.length; turn++) m.tokensSaved += turnTokens(t, turn);
  return m;
}

export function mergeMetrics(a: Metrics, b: Metrics): Metrics {
  const out = emptyMetrics();
  for (const k of Object.keys(out) as (keyof Metrics)[]) out[k] = a[k] + b[k];
  return out;
}

export function summarize(m: Metrics): MetricsSummary {
  const precision = m.alarms ? m.tp / m.alarms : null;
  const recall = m.spans ? m.caught / m.spans : null;
  const f1 =
    precision === null || recall === null
      ? null
      : precision + recall === 0
        ? 0
        : (2 * precision * recall) / (precision + recall);
  return { ...m, precision, recall, f1, meanLatency: m.latencyCount ? m.latencySum / m.latencyCount : null };
}
