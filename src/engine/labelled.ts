/**
 * When a run's alarms can be scored, one definition for the workbench, the CLI and the corpus
 * report. A run is labelled when someone reviewed it: it has a label of any kind, a loop span or a
 * progress span (a `clean` row of a label file stands for a progress span over the whole run).
 * Only then is an alarm outside every loop span a false alarm. A run nobody reviewed is counted
 * apart: its alarms and would-be stop, never F1, false alarms or clean runs flagged.
 */
import type { Label } from '../model/transcript';

/** Reviewed: any label, loop or progress. */
export function isLabelled(labels: readonly Label[]): boolean {
  return labels.length > 0;
}

/** The loop spans among a run's labels. */
export function loopSpans(labels: readonly Label[]): Label[] {
  return labels.filter((l) => l.kind === 'loop');
}

/** Reviewed and no loop found: the runs whose alarms are all false alarms. */
export function isReviewedClean(labels: readonly Label[]): boolean {
  return isLabelled(labels) && !labels.some((l) => l.kind === 'loop');
}

/** The label a label file's `clean` row stands for: the whole run reviewed as progress. */
export function reviewedCleanLabel(turns: number, note?: string): Label {
  // A run of no turns still needs a span to be counted as reviewed.
  return { startTurn: 1, endTurn: Math.max(1, turns), kind: 'progress', ...(note ? { note } : {}) };
}

/** What a run nobody reviewed can still tell, summed over such runs. */
export interface UnlabelledCounts {
  runs: number;
  /** Events at or above the counted action. */
  alarms: number;
  /** Runs with at least one alarm. */
  alarmed: number;
  /** Runs the config would have stopped. */
  stopped: number;
}

export function emptyUnlabelled(): UnlabelledCounts {
  return { runs: 0, alarms: 0, alarmed: 0, stopped: 0 };
}

/** One more unlabelled run, with its alarm count and whether the config stopped it. */
export function addUnlabelledRun(c: UnlabelledCounts, alarms: number, stopped: boolean): UnlabelledCounts {
  return {
    runs: c.runs + 1,
    alarms: c.alarms + alarms,
    alarmed: c.alarmed + (alarms > 0 ? 1 : 0),
    stopped: c.stopped + (stopped ? 1 : 0),
  };
}

export function mergeUnlabelled(a: UnlabelledCounts, b: UnlabelledCounts): UnlabelledCounts {
  return {
    runs: a.runs + b.runs,
    alarms: a.alarms + b.alarms,
    alarmed: a.alarmed + b.alarmed,
    stopped: a.stopped + b.stopped,
  };
}
