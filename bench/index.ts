/**
 * `npm run bench`: runs every benchmark section and prints ONE JSON object on stdout (progress
 * goes to stderr). Options: `--calls N` (engine run size, default 1,000,000), `--only a,b`
 * (sections: engine, import, browser, triage-browser, scan, startup, triage, watch, dask), `--presets a,b` (engine presets), `--rounds N` (engine: interleaved rounds of
 * baselines and replays, best round kept, default 3), `--import-mb N` (size of each generated import
 * file and of the OpenHands folder, default 200), `--import-files N` (event files in that
 * folder, default 10,000).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchEngine } from './engine';

type Section = () => Promise<unknown>;

const { values } = parseArgs({
  options: {
    calls: { type: 'string' },
    only: { type: 'string' },
    presets: { type: 'string' },
    rounds: { type: 'string' },
    'import-mb': { type: 'string' },
    'import-files': { type: 'string' },
  },
  strict: true,
});

const calls = values.calls === undefined ? undefined : Number(values.calls);
if (calls !== undefined && !(Number.isInteger(calls) && calls > 0)) {
  process.stderr.write(`bench: --calls must be a positive integer, got ${values.calls}\n`);
  process.exit(2);
}
function positive(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n > 0) return n;
  process.stderr.write(`bench: --${name} must be a positive number, got ${v}\n`);
  process.exit(2);
}
const importMb = positive('import-mb', values['import-mb']);
const rounds = positive('rounds', values.rounds);
if (rounds !== undefined && !Number.isInteger(rounds)) {
  process.stderr.write(`bench: --rounds must be a positive integer, got ${values.rounds}\n`);
  process.exit(2);
}
const importFiles = positive('import-files', values['import-files']);
const only = values.only?.split(',').map((s) => s.trim());
const log = (s: string) => process.stderr.write(s + '\n');

/** A section from a sibling file that may not exist yet (sections are added independently). */
async function optional(file: string, exportName: string): Promise<Section | null> {
  const url = new URL(file, import.meta.url);
  if (!existsSync(url)) return null;
  const mod = (await import(url.href)) as Record<string, unknown>;
  const fn = mod[exportName];
  return typeof fn === 'function' ? (fn as Section) : null;
}

/** An optional section whose only option is the progress log. */
async function withLog(file: string, exportName: string): Promise<Section | null> {
  const run = await optional(file, exportName);
  return run && (() => (run as (o: unknown) => Promise<unknown>)({ log }));
}

async function importSection(): Promise<Section | null> {
  const run = await optional('./import.ts', 'benchImport');
  return run && (() => (run as (o: unknown) => Promise<unknown>)({ mb: importMb, files: importFiles, log }));
}

const sections: [string, Section | null][] = [
  ['engine', () => benchEngine({ calls, presets: values.presets?.split(','), rounds, log })],
  ['import', await importSection()],
  ['browser', await optional('./browser.ts', 'benchBrowser')],
  ['triage-browser', await optional('./triage-browser.ts', 'benchTriageBrowser')],
  ['scan', await withLog('./scan.ts', 'benchScan')],
  ['startup', await withLog('./startup.ts', 'benchStartup')],
  ['triage', await withLog('./triage.ts', 'benchTriage')],
  ['watch', await withLog('./watch.ts', 'benchWatch')],
  ['dask', await withLog('./dask.ts', 'benchDask')],
];

const out: Record<string, unknown> = {};
for (const [name, run] of sections) {
  if (!run || (only && !only.includes(name))) continue;
  log(`== ${name}`);
  try {
    out[name] = await run();
  } catch (e) {
    // One broken section must not lose the others' numbers.
    log(`${name}: failed: ${(e as Error).stack ?? e}`);
    out[name] = { error: (e as Error).message ?? String(e) };
    process.exitCode = 1;
  }
}
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
