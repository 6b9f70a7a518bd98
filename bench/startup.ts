/**
 * The startup section of `npm run bench`: how long the installed CLI takes to answer, as
 * `loopscope presets` (the bundled dist/cli.mjs, rebuilt first so it is the sources' CLI) against
 * `node -e 0` in the same run, interleaved so load on the machine hits both alike. The aim is a
 * ratio of at most 4: Node's own start-up is the floor nobody can go under.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildPackage } from './package-build';
import { median, round1 } from './stats';

const root = join(new URL('.', import.meta.url).pathname, '..');

function timeMs(args: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 300)}`);
  return ms;
}

export async function benchStartup({ runs = 21, log }: { runs?: number; log: (s: string) => void }) {
  buildPackage(root, 'startup', log);
  const cli = ['dist/cli.mjs', 'presets'];
  timeMs(cli); // the first run warms the file cache for both
  const cliMs: number[] = [];
  const nodeMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    nodeMs.push(timeMs(['-e', '0']));
    cliMs.push(timeMs(cli));
  }
  const result = {
    runs,
    command: 'loopscope presets (dist/cli.mjs)',
    medianMs: round1(median(cliMs)),
    nodeEmptyMedianMs: round1(median(nodeMs)),
    ratio: round1(median(cliMs) / median(nodeMs)),
  };
  log(`startup: presets ${result.medianMs} ms, node -e 0 ${result.nodeEmptyMedianMs} ms: ${result.ratio}×`);
  return result;
}
