/**
 * Event-based scores against labelled loop spans (docs/design.md, section 5). A span is caught by any
 * alarm inside it; a false alarm is an episode of alarms outside every span (alarms at most
 * EPISODE_GAP turns apart are one episode), because a clean run pays for a false alarm once
 * however many turns it lasts. Metrics hold counts that add up across transcripts; ratios are
 * derived from the sums, so shards can be merged.
 */
import { turnTokenTotal, type Label, type Transcript } from '../model/transcript';
import { loopSpans } from './labelled';
import type { ReplayResult } from './replay';
import { ACTION_RANK, type Action, type DetectorEvent, type DetectorId } from './types';

/** Outside alarms at most this many turns apart form one false-alarm episode. */
export const EPISODE_GAP = 2;

export interface Metrics {
  transcripts: number;
  /** Events at or above the counted action, inside and outside loop spans. */
  alarms: number;
  alarmsInSpans: number;
  alarmsOutsideSpans: number;
  /** False alarms: episodes of alarms outside every loop span. */
  fp: number;
  spans: number;
  caught: number;
  missed: number;
  /** Transcripts without a loop span, and those of them that raised any alarm. */
  clean: number;
  cleanFlagged: number;
  prematureStops: number;
  /** Sum and count of span latencies (turns from span start to its first alarm), caught spans only. */
  latencySum: number;
  latencyCount: number;
  /**
   * Turns of spans before their first alarm (all of a missed span), how many of them carry token
   * counts, and the tokens of those. Token counts may be unknown: the counts of turns keep
   * "unknown" apart from "zero" and still add up.
   */
  wastedTurns: number;
  wastedTurnsWithTokens: number;
  wastedTokenSum: number;
  /** The same for the turns after the run's stop. */
  savedTurns: number;
  savedTurnsWithTokens: number;
  savedTokenSum: number;
}

export interface MetricsSummary extends Metrics {
  /** caught / (caught + false alarms); null with neither. */
  precision: number | null;
  /** caught / spans; null without spans. */
  recall: number | null;
  /** From precision and recall (0 when spans exist and none is caught); null without spans. */
  f1: number | null;
  meanLatency: number | null;
  /** Known tokens wasted; null when turns were wasted but none has token counts. */
  tokensWasted: number | null;
  /** Known tokens saved; null when turns were saved but none has token counts. */
  tokensSaved: number | null;
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
    alarmsInSpans: 0,
    alarmsOutsideSpans: 0,
    fp: 0,
    spans: 0,
    caught: 0,
    missed: 0,
    clean: 0,
    cleanFlagged: 0,
    prematureStops: 0,
    latencySum: 0,
    latencyCount: 0,
    wastedTurns: 0,
    wastedTurnsWithTokens: 0,
    wastedTokenSum: 0,
    savedTurns: 0,
    savedTurnsWithTokens: 0,
    savedTokenSum: 0,
  };
}

export function hasLoopLabels(t: Transcript): boolean {
  return t.labels.some((l) => l.kind === 'loop');
}

export function isAlarm(e: DetectorEvent, countAction: Action): boolean {
  return ACTION_RANK[e.action] >= ACTION_RANK[countAction];
}

export function inLoopSpan(turn: number, spans: readonly Label[]): boolean {
  return spans.some((s) => s.kind === 'loop' && turn >= s.startTurn && turn <= s.endTurn);
}

/** Inclusive turn ranges of false-alarm episodes, from the turns of alarms outside every span. */
export function falseAlarmEpisodes(turns: readonly number[]): { startTurn: number; endTurn: number }[] {
  const sorted = [...turns].sort((a, b) => a - b);
  const out: { startTurn: number; endTurn: number }[] = [];
  for (const turn of sorted) {
    const last = out[out.length - 1];
    if (last && turn - last.endTurn <= EPISODE_GAP) last.endTurn = turn;
    else out.push({ startTurn: turn, endTurn: turn });
  }
  return out;
}

/** Adds the turns from..to (inclusive) to a wasted or saved tally. */
function tallyTurns(t: Transcript, from: number, to: number): [turns: number, known: number, sum: number] {
  let known = 0;
  let sum = 0;
  for (let turn = from; turn <= to; turn++) {
    const n = turnTokenTotal(t.turns[turn - 1]?.tokens);
    if (n === undefined) continue;
    known++;
    sum += n;
  }
  return [Math.max(0, to - from + 1), known, sum];
}

export function evaluate(result: ReplayResult, t: Transcript, opts: EvaluateOptions = {}): Metrics {
  const countAction = opts.countAction ?? 'warn';
  const spans = loopSpans(t.labels);
  const m = emptyMetrics();
  m.transcripts = 1;
  m.spans = spans.length;
  if (spans.length === 0) m.clean = 1;
  const firstAlarm = new Array<number | undefined>(spans.length);
  const outside: number[] = [];
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
    if (hit) m.alarmsInSpans++;
    else outside.push(e.turn);
  }
  m.alarmsOutsideSpans = outside.length;
  m.fp = falseAlarmEpisodes(outside).length;
  if (m.clean && m.alarms > 0) m.cleanFlagged = 1;
  spans.forEach((s, i) => {
    const first = firstAlarm[i];
    const [turns, known, sum] = tallyTurns(t, s.startTurn, (first ?? s.endTurn + 1) - 1);
    m.wastedTurns += turns;
    m.wastedTurnsWithTokens += known;
    m.wastedTokenSum += sum;
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
  if (stop && !inLoopSpan(stop.turn, spans)) m.prematureStops = 1;
  if (stop) [m.savedTurns, m.savedTurnsWithTokens, m.savedTokenSum] = tallyTurns(t, stop.turn + 1, t.turns.length);
  return m;
}

/** Sums the counts of two metrics (summaries are accepted: their derived fields are dropped). */
export function mergeMetrics(a: Metrics, b: Metrics): Metrics {
  const out = emptyMetrics();
  for (const k of Object.keys(out) as (keyof Metrics)[]) out[k] = a[k] + b[k];
  return out;
}

/** Known tokens of some turns, or null when there were such turns and none had counts. */
function tokensOf(turns: number, known: number, sum: number): number | null {
  return turns > 0 && known === 0 ? null : sum;
}

export function summarize(m: Metrics): MetricsSummary {
  const counts = { ...emptyMetrics() };
  for (const k of Object.keys(counts) as (keyof Metrics)[]) counts[k] = m[k];
  const flagged = m.caught + m.fp;
  // F1 = 2·caught / (2·caught + false alarms + missed): the harmonic mean of precision and
  // recall, and 0 (not undefined) when loops exist and no alarm caught one.
  const f1 = m.spans ? (2 * m.caught) / (2 * m.caught + m.fp + m.missed) : null;
  return {
    ...counts,
    precision: flagged ? m.caught / flagged : null,
    recall: m.spans ? m.caught / m.spans : null,
    f1,
    meanLatency: m.latencyCount ? m.latencySum / m.latencyCount : null,
    tokensWasted: tokensOf(m.wastedTurns, m.wastedTurnsWithTokens, m.wastedTokenSum),
    tokensSaved: tokensOf(m.savedTurns, m.savedTurnsWithTokens, m.savedTokenSum),
  };
}
