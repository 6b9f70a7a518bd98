/**
 * The npm package as a user gets it: built from these sources (scripts/build-package.mjs), packed
 * with `npm pack`, installed offline into an empty folder. There, `npx loopscope` and
 * `import … from 'loopscope'` must give exactly what this checkout's CLI gives, with nothing but
 * the package installed (no tsx, no build step), and its types must check in a consumer's
 * TypeScript.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.test-util';

const root = join(new URL('.', import.meta.url).pathname, '../..');
const SAMPLE = join(root, 'src/samples/missing-path-ls-loop.loop.jsonl');
// An inspect_ai archive with zstd entries: the bundled zip and zstd readers must work.
const EVAL_ARCHIVE = join(root, 'src/import/fixtures/inspect-ai/log_streaming.zstd.eval');
const API_ENTRIES = readdirSync(join(root, 'src/api'))
  .filter((f) => f.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(f))
  .map((f) => f.slice(0, -3));

// Spawned npm, node and tsc are slow on a busy machine: each test has a minute.
const work = mkdtempSync(join(tmpdir(), 'loopscope-package-'));
const consumer = join(work, 'consumer');
// No registry: the package has no dependencies to fetch.
const env = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Per preset named on its command line: the API's events on the sample, whole and turn by turn. */
const CONSUMER_SCRIPT = `
import { readFileSync } from 'node:fs';
import { createMonitor, replay, presets } from 'loopscope';
import { importFile } from 'loopscope/import';
const [file, archive, ...names] = process.argv.slice(2);
const lines = readFileSync(file, 'utf8').split('\\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const runs = names.map((name) => {
  const monitor = createMonitor(name);
  const observed = lines.flatMap((l) => monitor.observe(l));
  return { replay: replay(lines, presets[name]), observed, stoppedAt: monitor.stoppedAt };
});
const imported = await importFile(archive);
console.log(JSON.stringify({
  runs,
  presets: Object.keys(presets),
  imported: imported.map((f) => ({ format: f.format, turns: f.transcripts.map((t) => t.turns.length) })),
}));
`;

// Wrong calls marked @ts-expect-error: if the package's types were missing or \`any\`, tsc would
// report the unused expectations.
const CONSUMER_TS = `
import { createMonitor, replay, presets, type LoopscopeEvent, type EngineConfig } from 'loopscope';
import { importFile, type ImportedFile } from 'loopscope/import';
const events: LoopscopeEvent[] = replay([{ calls: [] }], 'recommended');
const config: EngineConfig | undefined = presets['recommended'];
const level: number | undefined = createMonitor(config ?? 'recommended').observe({ calls: [] })[0]?.level;
const files: Promise<ImportedFile[]> = importFile('run.jsonl', { format: 'claude-code' });
// @ts-expect-error a number is neither a config nor a preset name
replay([], 42);
// @ts-expect-error an event's turn is a number
const turn: string = events[0].turn;
export { events, level, files, turn };
`;

describe('the npm package, packed and installed into an empty folder', () => {
  let tarball = '';
  beforeAll(() => {
    const staged = join(work, 'staged');
    run(process.execPath, [join(root, 'scripts/build-package.mjs'), '--out', staged], root);
    for (const f of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(root, f), join(staged, f));
    cpSync(join(root, 'docs'), join(staged, 'docs'), { recursive: true });
    cpSync(join(root, 'python'), join(staged, 'python'), { recursive: true });
    const packed = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], staged));
    tarball = join(work, packed[0].filename);
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], consumer);
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('installs nothing but itself: no dependencies, tsx nowhere', () => {
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/loopscope/package.json'), 'utf8'));
    expect(installed.dependencies).toBeUndefined();
    // An adapter's library may be a peer; it must be optional, and tsx is none.
    for (const name of Object.keys(installed.peerDependencies ?? {})) {
      expect(name).not.toBe('tsx');
      expect({ name, optional: installed.peerDependenciesMeta?.[name]?.optional }).toEqual({ name, optional: true });
    }
    expect(Object.keys(installed.devDependencies)).toContain('tsx');
    expect(readdirSync(join(consumer, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['loopscope']);
    for (const name of API_ENTRIES) {
      const dir = join(consumer, 'node_modules/loopscope/dist/api');
      expect(readdirSync(dir)).toEqual(expect.arrayContaining([`${name}.mjs`, `${name}.d.ts`]));
    }
  }, 60_000);

  it('carries the Dask runner, which starts the installed package’s CLI by default', () => {
    const pkg = join(consumer, 'node_modules/loopscope');
    const script = `import sys; sys.path.insert(0, ${JSON.stringify(join(pkg, 'python'))}); import loopscope_dask; print(loopscope_dask.default_cli())`;
    expect(run('/usr/bin/python3', ['-c', script], consumer)).toBe(`['node', '${join(pkg, 'dist/cli.mjs')}']\n`);
    // The test file stays in the checkout.
    expect(readdirSync(join(pkg, 'python'))).toEqual(['loopscope_dask.py']);
  });

  it('npx loopscope detect --json prints exactly what the checkout’s CLI prints', async () => {
    for (const args of [
      ['detect', SAMPLE, '--json'],
      ['detect', EVAL_ARCHIVE, '--preset', 'doom-loop', '--json'],
    ]) {
      const expected = await cli(...args);
      expect(expected.code).toBe(0);
      expect(run('npx', ['loopscope', ...args], consumer)).toBe(expected.out);
    }
  }, 60_000);

  it('every other command runs from the bundled CLI as it does here: output, messages, exit status', async () => {
    const bin = join(consumer, 'node_modules/.bin/loopscope');
    const shard = join(work, 'shard.out');
    writeFileSync(shard, (await cli('eval', SAMPLE, EVAL_ARCHIVE, '--json')).out);
    const cases = [
      ['presets', '--json'],
      ['formats', '--json'],
      ['eval', SAMPLE, '--json'],
      ['sweep', SAMPLE, '--param', 'detectors.no-progress.k', '--values', '2,3,4', '--json'],
      ['merge', shard, '--json'],
      ['convert', EVAL_ARCHIVE],
      ['judge', SAMPLE], // no endpoint: a usage error
      ['detect', join(work, 'missing.jsonl')],
      ['--help'],
    ];
    const codes: number[] = [];
    for (const args of cases) {
      const r = spawnSync(bin, args, { cwd: consumer, env, encoding: 'utf8' });
      const here = await cli(...args);
      expect({ args, code: r.status, out: r.stdout, err: r.stderr }).toEqual({ args, ...here });
      codes.push(here.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 0, 2, 2, 0]);
    const missing = spawnSync(bin, ['detect', join(work, 'missing.jsonl')], { cwd: consumer, env, encoding: 'utf8' });
    expect([missing.status, missing.stderr]).toEqual([
      2,
      `loopscope: ${join(work, 'missing.jsonl')}: no such file or folder\n`,
    ]);
  }, 60_000);

  it("import { createMonitor, replay, presets } from 'loopscope': the CLI's events, messages included", async () => {
    writeFileSync(join(consumer, 'run.mjs'), CONSUMER_SCRIPT);
    const names = ['recommended', 'chatloop'];
    const got = JSON.parse(run(process.execPath, ['run.mjs', SAMPLE, EVAL_ARCHIVE, ...names], consumer));
    for (const [i, name] of names.entries()) {
      const detected = JSON.parse((await cli('detect', SAMPLE, '--preset', name, '--json')).out);
      expect(got.runs[i].replay).toEqual(detected.events);
      expect(got.runs[i].observed).toEqual(detected.events);
      expect(got.runs[i].stoppedAt).toEqual(detected.stoppedAt);
    }
    // Both presets raise events; chatloop also stops the run.
    expect(got.runs.map((r: { replay: unknown[] }) => r.replay.length)).toEqual([3, 19]);
    expect(got.runs[1].stoppedAt).toEqual({ turn: 10, call: 10 });
    const listed = (await cli('presets', '--json')).out.trim().split('\n');
    expect(got.presets).toEqual(listed.map((l) => (JSON.parse(l) as { name: string }).name));
    expect(got.imported).toEqual([{ format: 'inspect-ai', turns: [1, 1, 1, 1] }]);
  }, 60_000);

  it("its types check in a consumer's TypeScript (nodenext), and are not `any`", () => {
    writeFileSync(join(consumer, 'check.ts'), CONSUMER_TS);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['es2023'],
          // A Node consumer's own @types/node (AbortSignal in the import options).
          typeRoots: [join(root, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['check.ts'],
      }),
    );
    expect(
      run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], consumer),
    ).toBe('');
  }, 60_000);
});
