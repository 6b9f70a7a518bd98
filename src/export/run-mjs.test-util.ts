/**
 * Runs generated JavaScript modules as a user would: saved as `.mjs` files and imported by plain
 * `node` (no loader, no flags, no NODE_OPTIONS), all of them in one process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MjsJob {
  /** The module's text. */
  text: string;
  /** Each input is passed to `replay` (and `replayDetails`) once. */
  inputs: readonly (readonly object[])[];
}

export interface MjsResult {
  config: unknown;
  /** `replay(input)` for each input. */
  events: Record<string, unknown>[][];
  /** `replayDetails(input)` for each input. */
  details: { stoppedAt: unknown; skipped: unknown[] }[];
}

const RUNNER = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = [];
for (const job of jobs) {
  const mod = await import(pathToFileURL(job.module).href);
  out.push({
    config: mod.config,
    events: job.inputs.map((i) => mod.replay(i)),
    details: job.inputs.map((i) => mod.replayDetails(i)),
  });
}
process.stdout.write(JSON.stringify(out));
`;

/** Lines of a Loopscope JSONL file as objects. */
export function jsonlObjects(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function runMjs(jobs: readonly MjsJob[]): MjsResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-mjs-'));
  const spec = jobs.map((j, i) => {
    const module = join(dir, `loopscope-${i}.mjs`);
    writeFileSync(module, j.text);
    return { module, inputs: j.inputs };
  });
  writeFileSync(join(dir, 'jobs.json'), JSON.stringify(spec));
  writeFileSync(join(dir, 'runner.mjs'), RUNNER);
  const { NODE_OPTIONS: _n, ...env } = process.env;
  const out = execFileSync('node', [join(dir, 'runner.mjs'), join(dir, 'jobs.json')], {
    encoding: 'utf8',
    env,
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out) as MjsResult[];
}
