/**
 * The dask section of `npm run bench`: python/loopscope_dask.py on a LocalCluster of 2 worker
 * processes against one `loopscope eval` process, over the real corpus's folders with its labels,
 * interleaved so load on the machine hits both alike. Both print the same total line (checked);
 * the figure is what the cluster costs: its start, the workers, a node per partition, the merge.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildPackage } from './package-build';
import { median, round1 } from './stats';

const root = join(new URL('.', import.meta.url).pathname, '..');
const PYTHON = '/usr/bin/python3';

function timed(command: string, args: string[]): { ms: number; total: string } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-300)}`);
  return { ms, total: r.stdout.trimEnd().split('\n').at(-1) ?? '' };
}

export async function benchDask({ runs = 3, log }: { runs?: number; log: (s: string) => void }) {
  buildPackage(root, 'dask', log);
  const folders = readdirSync(join(root, 'corpus/real'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `corpus/real/${e.name}`)
    .sort();
  const flags = ['--preset', 'recommended', '--labels', 'corpus/labels.tsv'];
  const one = [join(root, 'dist/cli.mjs'), 'eval', '--json', ...flags, ...folders];
  const dask = ['python/loopscope_dask.py', '--workers', '2', '--partitions', '8', ...flags, ...folders];
  const oneMs: number[] = [];
  const daskMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const a = timed(process.execPath, one);
    const b = timed(PYTHON, dask);
    if (a.total !== b.total) throw new Error(`the totals differ:\none process: ${a.total}\ndask: ${b.total}`);
    oneMs.push(a.ms);
    daskMs.push(b.ms);
  }
  const result = {
    runs,
    files: `${folders.length} folders of corpus/real, preset recommended, 8 partitions on 2 workers`,
    oneProcessMedianMs: round1(median(oneMs)),
    daskMedianMs: round1(median(daskMs)),
    overheadMs: round1(median(daskMs) - median(oneMs)),
    ratio: round1(median(daskMs) / median(oneMs)),
  };
  log(
    `dask: one process ${result.oneProcessMedianMs} ms, dask ${result.daskMedianMs} ms (+${result.overheadMs} ms, ${result.ratio}×)`,
  );
  return result;
}
