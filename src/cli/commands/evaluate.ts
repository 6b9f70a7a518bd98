import { resolveConfig, type EngineConfig } from '../../engine/config';
import { emptyMetrics, evaluate, mergeMetrics, summarize, type MetricsSummary } from '../../engine/evaluate';
import { replay } from '../../engine/replay';
import type { LoadedFile, Out } from '../io';

export interface EvalRecord {
  file: string;
  transcripts: number;
  metrics: MetricsSummary;
}

export function evalRecords(
  files: LoadedFile[],
  config: EngineConfig,
): { perFile: EvalRecord[]; total: MetricsSummary } {
  const resolved = resolveConfig(config);
  let total = emptyMetrics();
  const perFile = files.map(({ file, result }) => {
    let m = emptyMetrics();
    for (const t of result.transcripts)
      m = mergeMetrics(m, evaluate(replay(t, resolved), t, { countAction: resolved.countAction }));
    total = mergeMetrics(total, m);
    return { file, transcripts: result.transcripts.length, metrics: summarize(m) };
  });
  return { perFile, total: summarize(total) };
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

export function printEval(r: ReturnType<typeof evalRecords>, json: boolean, out: Out): void {
  if (json) {
    for (const f of r.perFile) out.write(JSON.stringify(f) + '\n');
    out.write(JSON.stringify({ file: null, total: true, transcripts: r.total.transcripts, metrics: r.total }) + '\n');
    return;
  }
  for (const f of r.perFile) out.write(`${f.file} (${f.transcripts} transcripts)\n  ${metricsLine(f.metrics)}\n`);
  out.write(`total (${r.total.transcripts} transcripts)\n  ${metricsLine(r.total)}\n`);
}
