import { resolveConfig, type EngineConfig } from '../../engine/config';
import {
  emptyMetrics,
  evaluate,
  mergeMetrics,
  summarize,
  type Metrics,
  type MetricsSummary,
} from '../../engine/evaluate';
import {
  addUnlabelledRun,
  emptyUnlabelled,
  isLabelled,
  mergeUnlabelled,
  type UnlabelledCounts,
} from '../../engine/labelled';
import { replay } from '../../engine/replay';
import { terminalLine } from '../../export/escape/terminal';
import type { LoadedFile, Out } from '../io';

/**
 * Counts of some runs: the labelled ones scored (metrics), the others counted apart (their alarms
 * and stops only: an alarm on a run nobody reviewed is neither true nor false).
 */
export interface EvalSums {
  metrics: Metrics;
  unlabelled: UnlabelledCounts;
}

/** One line of `eval --json`: `labelled` is metrics.transcripts, `transcripts` adds the unlabelled runs. */
export interface EvalRecord {
  file: string;
  transcripts: number;
  labelled: number;
  metrics: MetricsSummary;
  unlabelled: UnlabelledCounts;
}

export function emptySums(): EvalSums {
  return { metrics: emptyMetrics(), unlabelled: emptyUnlabelled() };
}

export function mergeSums(a: EvalSums, b: EvalSums): EvalSums {
  return { metrics: mergeMetrics(a.metrics, b.metrics), unlabelled: mergeUnlabelled(a.unlabelled, b.unlabelled) };
}

/** What `eval --json` writes for some sums: the run counts, the scores, the unlabelled counts. */
export function sumsRecord(s: EvalSums): Omit<EvalRecord, 'file'> {
  return {
    transcripts: s.metrics.transcripts + s.unlabelled.runs,
    labelled: s.metrics.transcripts,
    metrics: summarize(s.metrics),
    unlabelled: s.unlabelled,
  };
}

/** Per-file records and a running total, so files can be evaluated (and dropped) one at a time. */
export function evalTotals(config: EngineConfig) {
  const resolved = resolveConfig(config);
  let total = emptySums();
  return {
    add({ file, result }: LoadedFile): EvalRecord {
      let s = emptySums();
      for (const t of result.transcripts) {
        const r = replay(t, resolved);
        const m = evaluate(r, t, { countAction: resolved.countAction });
        if (isLabelled(t.labels)) s = { ...s, metrics: mergeMetrics(s.metrics, m) };
        else s = { ...s, unlabelled: addUnlabelledRun(s.unlabelled, m.alarms, r.stoppedAt !== null) };
      }
      total = mergeSums(total, s);
      return { file, ...sumsRecord(s) };
    },
    total: () => total,
  };
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
/** Token counts; n/a when the turns involved carry no token counts. */
const tokens = (x: number | null) => (x === null ? 'n/a' : String(x));

/** One line of event-based scores (docs/design.md, section 5): F1 first, then what it is made of. */
export function metricsLine(m: MetricsSummary): string {
  return (
    `F1 ${pct(m.f1)} (precision ${pct(m.precision)}, recall ${pct(m.recall)}) · ` +
    `loops ${m.spans}: caught ${m.caught}, missed ${m.missed} · false alarms ${m.fp} · ` +
    `clean runs flagged ${m.cleanFlagged} of ${m.clean} · premature stops ${m.prematureStops} · ` +
    `latency ${m.meanLatency === null ? '—' : m.meanLatency.toFixed(1)} · ` +
    `alarms ${m.alarms} (${m.alarmsInSpans} in loops, ${m.alarmsOutsideSpans} outside) · ` +
    `tokens wasted ${tokens(m.tokensWasted)}, saved ${tokens(m.tokensSaved)}`
  );
}

/** What runs without labels can tell: their alarms and stops, no F1 and no false alarms. */
function unlabelledLine(u: UnlabelledCounts): string {
  return (
    `without labels, counted apart: runs ${u.runs} · alarms ${u.alarms} · ` +
    `runs alarmed ${u.alarmed} · would stop ${u.stopped}`
  );
}

/**
 * The indented lines under a file, total or sweep value: scores of the labelled runs, counts of
 * the others, each only when there are such runs.
 */
export function scoreLines(r: { metrics: MetricsSummary; unlabelled: UnlabelledCounts }): string {
  return (
    (r.metrics.transcripts > 0 ? `  ${metricsLine(r.metrics)}\n` : '') +
    (r.unlabelled.runs > 0 ? `  ${unlabelledLine(r.unlabelled)}\n` : '')
  );
}

/** A total's text: first how many runs had labels, then the lines. `head` is "total" or what merge sums. */
export function totalText(head: string, s: EvalSums): string {
  const r = sumsRecord(s);
  const none =
    r.labelled === 0
      ? '; no run was labelled, so there is no F1 and no false alarm (label runs in the workbench, or pass --labels FILE.tsv)'
      : '';
  return `${head}: ${r.labelled} of ${r.transcripts} runs labelled${none}\n${scoreLines(r)}`;
}

export function printEvalFile(f: EvalRecord, json: boolean, out: Out): void {
  if (json) out.write(JSON.stringify(f) + '\n');
  else out.write(`${terminalLine(f.file)} (${f.transcripts} transcripts, ${f.labelled} labelled)\n${scoreLines(f)}`);
}

/** The last line of `eval --json`, which `merge` reads back. */
export function totalJson(s: EvalSums): string {
  return JSON.stringify({ file: null, total: true, ...sumsRecord(s) }) + '\n';
}

export function printEvalTotal(total: EvalSums, json: boolean, out: Out): void {
  out.write(json ? totalJson(total) : totalText('total', total));
}
