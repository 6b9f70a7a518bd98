/**
 * python/loopscope_dask.py on a real Dask LocalCluster of 2 worker processes, under Debian's
 * /usr/bin/python3 (the interpreter python3-distributed installs for): its last line is the total
 * line one `loopscope eval --json` prints over the same paths, byte for byte, and a broken file
 * costs only itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PYTHON = '/usr/bin/python3';
const MODULE = 'python/loopscope_dask.py';
const CLI = 'dist/cli.mjs';
const LABELS = 'corpus/labels.tsv';
/** The real corpus's folders, each passed whole: 9 paths in 6 partitions, 3 per worker. */
const REAL = readdirSync('corpus/real', { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `corpus/real/${e.name}`)
  .sort();

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Run {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: CLUSTER_MS, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A cluster's start and its worker processes, on 2 cores shared with other work. */
const CLUSTER_MS = 60_000;

const lastLine = (s: string) => s.trimEnd().split('\n').at(-1);

/** One process over every path: what the cluster's total must equal. */
function evalTotal(preset: string, paths: string[]): string | undefined {
  const r = run(process.execPath, [CLI, 'eval', '--json', '--preset', preset, '--labels', LABELS, ...paths]);
  expect(r.status, r.stderr).toBe(0);
  return lastLine(r.stdout);
}

function dask(preset: string, paths: string[], partitions: number): Run {
  return run(PYTHON, [
    MODULE,
    ...['--preset', preset, '--workers', '2', '--partitions', String(partitions), '--labels', LABELS],
    ...paths,
  ]);
}

let tmp = '';
beforeAll(() => {
  // The module starts the bundled CLI next to it; check.sh builds it before the unit tests.
  if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build-package.mjs'], { stdio: 'ignore' });
  tmp = mkdtempSync(join(tmpdir(), 'loopscope-dask-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('loopscope_dask.py', () => {
  it('passes pyflakes3', () => {
    const r = run('pyflakes3', ['python/']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(['recommended', 'chatloop'])(
    'sums the real corpus on 2 workers to exactly what one eval prints (%s)',
    (preset) => {
      expect(REAL.length).toBe(9);
      const r = dask(preset, REAL, 6);
      expect(r.status, r.stderr).toBe(0);
      const total = lastLine(r.stdout);
      expect(total).toBe(evalTotal(preset, REAL));
      // Not an empty total that happens to agree: the corpus's labelled runs were all scored.
      const parsed = JSON.parse(total!) as { transcripts: number; labelled: number; total: boolean };
      expect([parsed.total, parsed.transcripts, parsed.labelled]).toEqual([true, 563, 110]);
      // The label file's runs sit in one partition: the others' "no run it labels" is not passed on.
      expect(r.stderr).not.toContain('no run it labels');
    },
    CLUSTER_MS,
  );

  it(
    'names a broken file, leaves only it out, and keeps the others (OpenHands session folders whole, fsspec URLs)',
    () => {
      const broken = join(tmp, 'broken.jsonl');
      writeFileSync(broken, 'this is not a transcript\n');
      const good = [
        'corpus/real/codex',
        'src/import/fixtures/openhands/v0-session/sessions/basic-gui-mode',
        'corpus/real/gemini-cli',
        'src/import/fixtures/openhands/v1-conversation/cd94562403b9487ebdd4018e3f531dfd',
        'corpus/real/openhands',
      ];
      // A URL is copied to the worker and named back in messages; its glob is expanded on the client.
      // (Labels match local paths only, so the URL is a session folder that the label file does not name.)
      const asUrl = [`file://${resolve('src/import/fixtures/openhands/v1-conversation')}/*`, `file://${broken}`];
      // 3 partitions of 3: each broken file shares its partition with good paths.
      const given = [good[0], good[1], broken, asUrl[0], good[2], asUrl[1], good[4]];
      const r = dask('recommended', given, 3);
      expect(r.status).toBe(2);
      const why = `not a transcript format Loopscope reads (the content is text, not JSON, starting "this is not a transcript"); see docs/formats.md or \`loopscope formats\``;
      expect(r.stderr.match(/^error: .*$/gm)).toEqual([
        `error: ${broken}: ${why} (left out of the total: ${broken})`,
        `error: file://${broken}: ${why} (left out of the total: file://${broken})`,
      ]);
      expect(lastLine(r.stdout)).toBe(evalTotal('recommended', good));
    },
    CLUSTER_MS,
  );

  it('splits paths evenly, passes notes on once and shows hostile names as text', () => {
    const script = [
      'import io, json, sys',
      "sys.path.insert(0, 'python')",
      'import loopscope_dask as m',
      'err = io.StringIO()',
      "unused = 'warning: l.tsv: no run it labels was among the files read (…)'",
      "m.pass_on_stderr(['skipped: a: a licence\\n' + unused, 'skipped: a: a licence\\n', unused + '\\nwarning: b'], err)",
      "print(json.dumps([m.partition(list(range(9)), 6), m.partition([1, 2], 8), err.getvalue(), m.printable('x\\x1b[2Jy\\n')]))",
    ].join('\n');
    const r = run(PYTHON, ['-c', script]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([
      [[0, 1], [2, 3], [4, 5], [6], [7], [8]],
      [[1], [2]],
      // The unused-label warning is left out: the second partition used the label file.
      'skipped: a: a licence\nwarning: b\n',
      'x\\x1b[2Jy\\x0a',
    ]);
  });

  it('refuses a path that does not exist, by name, before starting a cluster', () => {
    const r = run(PYTHON, [MODULE, '--preset', 'recommended', 'corpus/real/no-such-folder']);
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'loopscope_dask: corpus/real/no-such-folder: no such file or folder\n',
    ]);
  });
});
