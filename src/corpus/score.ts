/**
 * Scores presets on the labelled corpus: per framework, in total, and leave-one-source-out (for
 * each framework, the preset with the best F1 on the others, scored on the held-out one). Uses
 * only summarize's precision / recall / f1 and a few counts, read by name with fallbacks, so it
 * follows the metrics module when its fields change.
 */
import { resolveConfig, type EngineConfig } from '../engine/config';
import { emptyMetrics, evaluate, hasLoopLabels, mergeMetrics, summarize, type Metrics } from '../engine/evaluate';
import { replay } from '../engine/replay';
import { ACTION_RANK } from '../engine/types';
import type { CorpusRun } from './load';

export interface Score {
  runs: number;
  cleanRuns: number;
  cleanFlagged: number;
  spans: number;
  caught: number;
  falseAlarms: number;
  prematureStops: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** The first numeric field of `o` among `names` (the metrics module is being renamed). */
function count(o: object, ...names: string[]): number {
  for (const n of names) {
    const v = (o as Record<string, unknown>)[n];
    if (typeof v === 'number') return v;
  }
  return 0;
}

export interface RunScore {
  metrics: Metrics;
  flagged: boolean;
}

/** Replays one run with one config. */
export function scoreRun(config: EngineConfig, r: CorpusRun): RunScore {
  const resolved = resolveConfig(config);
  const result = replay(r.run, resolved);
  const metrics = evaluate(result, r.run, { countAction: resolved.countAction });
  const flagged = result.events.some((e) => ACTION_RANK[e.action] >= ACTION_RANK[resolved.countAction]);
  return { metrics, flagged };
}

export function combine(runs: CorpusRun[], scores: RunScore[]): Score {
  let m = emptyMetrics();
  let cleanRuns = 0;
  let cleanFlagged = 0;
  runs.forEach((r, i) => {
    m = mergeMetrics(m, scores[i].metrics);
    if (!hasLoopLabels(r.run)) {
      cleanRuns++;
      if (scores[i].flagged) cleanFlagged++;
    }
  });
  const s = summarize(m);
  return {
    runs: runs.length,
    cleanRuns,
    cleanFlagged,
    spans: count(s, 'spans'),
    caught: count(s, 'caught'),
    falseAlarms: count(s, 'falseAlarms', 'fpEpisodes', 'fp'),
    prematureStops: count(s, 'prematureStops'),
    precision: s.precision,
    recall: s.recall,
    f1: s.f1,
  };
}

/** Every preset's per-run scores: replayed once, then summed over any subset. */
export type ScoreTable = Map<string, RunScore[]>;

export function scoreAll(presets: EngineConfig[], runs: CorpusRun[]): ScoreTable {
  return new Map(presets.map((p) => [p.name ?? '?', runs.map((r) => scoreRun(p, r))]));
}

export function scoreSubset(table: ScoreTable, preset: string, runs: CorpusRun[], keep: (r: CorpusRun) => boolean): Score {
  const all = table.get(preset)!;
  const idx = runs.flatMap((r, i) => (keep(r) ? [i] : []));
  return combine(
    idx.map((i) => runs[i]),
    idx.map((i) => all[i]),
  );
}

/** Higher F1 first; then fewer premature stops, fewer false alarms, then name. */
export function better(a: [string, Score], b: [string, Score]): number {
  return (
    (b[1].f1 ?? -1) - (a[1].f1 ?? -1) ||
    a[1].prematureStops - b[1].prematureStops ||
    a[1].falseAlarms - b[1].falseAlarms ||
    a[0].localeCompare(b[0])
  );
}

export interface HoldOut {
  heldOut: string;
  chosen: string;
  trainF1: number | null;
  score: Score;
}

/** Leave-one-source-out: for each framework, pick the best preset on the others, score it on it. */
export function leaveOneSourceOut(table: ScoreTable, runs: CorpusRun[]): HoldOut[] {
  const frameworks = [...new Set(runs.map((r) => r.framework))].sort();
  return frameworks.map((fw) => {
    const train = [...table.keys()]
      .map((p): [string, Score] => [p, scoreSubset(table, p, runs, (r) => r.framework !== fw)])
      .sort(better);
    const [chosen, trainScore] = train[0];
    return { heldOut: fw, chosen, trainF1: trainScore.f1, score: scoreSubset(table, chosen, runs, (r) => r.framework === fw) };
  });
}

/** The held-out scores of every fold summed, as if one model had been picked per fold. */
export function pooledHoldOut(table: ScoreTable, runs: CorpusRun[], folds: HoldOut[]): Score {
  const chosen = new Map(folds.map((h) => [h.heldOut, h.chosen]));
  return combine(
    runs,
    runs.map((r, i) => table.get(chosen.get(r.framework)!)![i]),
  );
}
