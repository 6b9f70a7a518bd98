/**
 * `loopscope merge`: sums the `eval --json` outputs of shards into one. Metrics are counts that
 * add up (docs/design.md, section 5), so evaluating a corpus in pieces, on as many processes or
 * machines as there are, and merging gives exactly what one run over every file gives.
 */
import { readFile } from 'node:fs/promises';
import { UsageError, type Out } from '../io';
import { emptySums, mergeSums, sumsRecord, totalJson, totalText, type EvalRecord, type EvalSums } from './evaluate';
import { checkSum, sumsOf } from './merge-counts';

export interface MergedEval {
  perFile: EvalRecord[];
  total: EvalSums;
  shards: number;
}

async function readShard(path: string, stdin: () => Promise<string>): Promise<string> {
  if (path === '-') return stdin();
  return readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`${path}: cannot read (${e.code ?? e.message})`);
  });
}

export async function mergeShards(paths: string[], stdin: () => Promise<string>): Promise<MergedEval> {
  const perFile: EvalRecord[] = [];
  let total = emptySums();
  /** Each shard's file list, to refuse a shard given twice (it would count twice). */
  const seen = new Map<string, string>();
  for (const path of paths) {
    const name = path === '-' ? 'stdin' : path;
    const lines = (await readShard(path, stdin)).split('\n');
    const files: string[] = [];
    let sawTotal = false;
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i].trim();
      if (text === '') continue;
      const where = `${path === '-' ? 'stdin' : path}:${i + 1}`;
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(text) as typeof rec;
      } catch {
        throw new UsageError(`${where}: not JSON; merge reads the output of \`loopscope eval --json\``);
      }
      if (typeof rec !== 'object' || rec === null || typeof rec.metrics !== 'object' || rec.metrics === null)
        throw new UsageError(`${where}: no "metrics" object; merge reads the output of \`loopscope eval --json\``);
      const sums = sumsOf(rec, where);
      if (rec.total === true) {
        if (sawTotal) throw new UsageError(`${where}: a second total line in one shard`);
        sawTotal = true;
        total = mergeSums(total, sums);
        checkSum(total, where);
      } else {
        files.push(String(rec.file));
        perFile.push({ file: String(rec.file), ...sumsRecord(sums) });
      }
    }
    if (!sawTotal) throw new UsageError(`${name}: no total line; was the shard's eval cut short?`);
    const key = JSON.stringify(files);
    const twin = seen.get(key);
    if (twin !== undefined && files.length > 0)
      throw new UsageError(
        `${name}: the same files as ${twin} (${files.length}); a shard given twice would count twice`,
      );
    seen.set(key, name);
  }
  return { perFile, total, shards: paths.length };
}

export function printMerge(r: MergedEval, json: boolean, out: Out): void {
  if (json) {
    for (const f of r.perFile) out.write(JSON.stringify(f) + '\n');
    out.write(totalJson(r.total));
    return;
  }
  out.write(totalText(`total of ${r.shards} shards (${r.perFile.length} files)`, r.total));
}
