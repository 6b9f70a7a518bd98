/**
 * `loopscope merge`: sums the `eval --json` outputs of shards into one. Metrics are counts that
 * add up (DESIGN.md section 5), so evaluating a corpus in pieces, on as many processes or
 * machines as there are, and merging gives exactly what one run over every file gives.
 */
import { readFile } from 'node:fs/promises';
import { emptyMetrics, mergeMetrics, summarize, type Metrics } from '../../engine/evaluate';
import { UsageError, type Out } from '../io';
import { metricsLine, type EvalRecord } from './evaluate';

export interface MergedEval {
  perFile: EvalRecord[];
  total: ReturnType<typeof summarize>;
  shards: number;
}

async function readShard(path: string, stdin: () => Promise<string>): Promise<string> {
  if (path === '-') return stdin();
  return readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`${path}: cannot read (${e.code ?? e.message})`);
  });
}

/** Only the counts: the ratios are derived again from the sums, never averaged. */
function countsOf(m: Record<string, unknown>, where: string): Metrics {
  const out = emptyMetrics();
  for (const k of Object.keys(out) as (keyof Metrics)[]) {
    const v = m[k];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new UsageError(
        `${where}: metrics.${k} is missing or not a number; is this \`loopscope eval --json\` output?`,
      );
    out[k] = v;
  }
  return out;
}

export async function mergeShards(paths: string[], stdin: () => Promise<string>): Promise<MergedEval> {
  const perFile: EvalRecord[] = [];
  let total = emptyMetrics();
  for (const path of paths) {
    const lines = (await readShard(path, stdin)).split('\n');
    let sawTotal = false;
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i].trim();
      if (text === '') continue;
      const where = `${path === '-' ? 'stdin' : path}:${i + 1}`;
      let rec: { file?: unknown; total?: unknown; transcripts?: unknown; metrics?: unknown };
      try {
        rec = JSON.parse(text) as typeof rec;
      } catch {
        throw new UsageError(`${where}: not JSON; merge reads the output of \`loopscope eval --json\``);
      }
      if (typeof rec !== 'object' || rec === null || typeof rec.metrics !== 'object' || rec.metrics === null)
        throw new UsageError(`${where}: no "metrics" object; merge reads the output of \`loopscope eval --json\``);
      const counts = countsOf(rec.metrics as Record<string, unknown>, where);
      if (rec.total === true) {
        if (sawTotal) throw new UsageError(`${where}: a second total line in one shard`);
        sawTotal = true;
        total = mergeMetrics(total, counts);
      } else perFile.push({ file: String(rec.file), transcripts: Number(rec.transcripts), metrics: summarize(counts) });
    }
    if (!sawTotal)
      throw new UsageError(`${path === '-' ? 'stdin' : path}: no total line; was the shard's eval cut short?`);
  }
  return { perFile, total: summarize(total), shards: paths.length };
}

export function printMerge(r: MergedEval, json: boolean, out: Out): void {
  if (json) {
    for (const f of r.perFile) out.write(JSON.stringify(f) + '\n');
    out.write(JSON.stringify({ file: null, total: true, transcripts: r.total.transcripts, metrics: r.total }) + '\n');
    return;
  }
  out.write(`total of ${r.shards} shards (${r.perFile.length} files, ${r.total.transcripts} transcripts)\n`);
  out.write(`  ${metricsLine(r.total)}\n`);
}
