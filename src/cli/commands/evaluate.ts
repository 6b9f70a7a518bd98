import { resolveConfig, type EngineConfig } from '../../engine/config';
import { emptyMetrics, evaluate, mergeMetrics, summarize, type MetricsSummary } from '../../engine/evaluate';
import { replay } from '../../engine/replay';
import { terminalLine } from '../../export/escape/terminal';
import type { LoadedFile, Out } from '../io';

export interface EvalRecord {
  file: string;
  transcripts: number;
  metrics: MetricsSummary;
}

/** Per-file records and a running total, so files can be evaluated (and dropped) one at a time. */
export function evalTotals(config: EngineConfig) {
  const resolved = resolveConfig(config);
  let total = emptyMetrics();
  return {
    add({ file, result }: LoadedFile): EvalRecord {
      let m = emptyMetrics();
      for (const t of result.transcripts)
        m = mergeMetrics(m, evaluate(replay(t, resolved), t, { countAction: resolved.countAction }));
      total = mergeMetrics(total, m);
      return { file, transcripts: result.transcripts.length, metrics: summarize(m) };
    },
    total: () => summarize(total),
  };
}

export function evalRecords(
  files: LoadedFile[],
  config: EngineConfig,
): { perFile: EvalRecord[]; total: MetricsSummary } {
  const totals = evalTotals(config);
  const perFile = files.map((f) => totals.add(f));
  return { perFile, total: totals.total() };
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
/** Token counts; n/a when the turns involved carry no token counts. */
const tokens = (x: number | null) => (x === null ? 'n/a' : String(x));

/** One line of event-based scores (DESIGN.md section 5): F1 first, then what it is made of. */
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

export function printEvalFile(f: EvalRecord, json: boolean, out: Out): void {
  if (json) out.write(JSON.stringify(f) + '\n');
  else out.write(`${terminalLine(f.file)} (${f.transcripts} transcripts)\n  ${metricsLine(f.metrics)}\n`);
}

export function printEvalTotal(total: MetricsSummary, json: boolean, out: Out): void {
  if (json)
    out.write(JSON.stringify({ file: null, total: true, transcripts: total.transcripts, metrics: total }) + '\n');
  else out.write(`total (${total.transcripts} transcripts)\n  ${metricsLine(total)}\n`);
}
