/**
 * The CLI on hostile files, generated here in a temporary folder: each exits 0 or 2 with a line
 * naming the file and the reason, in seconds. The 60 MB `.traj` of a million steps is measured by
 * hand (docs/limits.md); its streaming is tested in swe-agent.test.ts.
 */
import { strToU8 } from 'fflate';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawZip } from '../import/zip.test-util';
import { cli } from './run-cli.test-util';

const dir = mkdtempSync(join(tmpdir(), 'loopscope-hostile-files-'));
const SAMPLE = resolve(__dirname, '../samples/missing-path-ls-loop.loop.jsonl');
const LEFT_OUT = 'a text-written call nests deeper than 500 levels; left out';

/** A Loopscope JSONL file of one assistant turn with this text. */
function oneTurn(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, `{"type":"meta","version":1,"title":"t"}\n${JSON.stringify({ type: 'assistant', text })}\n`);
  return file;
}

/** `{"name": "f", "arguments": …}` nested `depth` levels in all. */
const nestedCall = (depth: number) =>
  `<tool_call>{"name": "f", "arguments": {"x": ${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}</tool_call>`;

async function timed(...argv: string[]) {
  const t0 = performance.now();
  const r = await cli(...argv);
  return { ...r, ms: performance.now() - t0 };
}

describe('linear-time parsing', () => {
  it('detect reads 1 MB of <function= in one assistant text in seconds (it took over a minute)', async () => {
    const r = await timed('detect', oneTurn('openings.loop.jsonl', '<function='.repeat(100_000)));
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(5000);
  });

  it('a .traj action ending in 1 MB of whitespace, and one with a carriage return, import at once', async () => {
    const file = join(dir, 'spaces.traj');
    const steps = [{ action: `ls\n${' '.repeat(1_000_000)}x\n`, observation: 'a' }, { action: 'grep a b\rc' }];
    writeFileSync(file, JSON.stringify({ trajectory: steps }));
    const r = await timed('detect', '--json', file);
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(5000);
    expect((JSON.parse(r.out) as { calls: number }).calls).toBe(2);
  });

  it('a .eval of entries named with 25,000 slashes is refused in seconds, the name cut in the message', async () => {
    const file = join(dir, 'slashes.eval');
    const entry = (name: string, text: string) => ({ name, data: strToU8(text), method: 0, size: text.length });
    const long = `samples/${'a/'.repeat(25_000)}x.json`;
    writeFileSync(
      file,
      rawZip([
        entry('header.json', '{"eval": {"task": "t", "model": "m"}}'),
        ...Array.from({ length: 20 }, () => entry(long, '{}')),
      ]),
    );
    const r = await timed('detect', file);
    expect(r.code).toBe(2);
    expect(r.ms).toBeLessThan(5000);
    expect(r.err).toBe(
      `loopscope: ${file}: entry ${long.slice(0, 100)}…${long.slice(-40)} (50014 characters) is in a sample layout this reader does not know (it reads samples/<id>_epoch_<n>.json and samples/<id>_epoch_<n>/sample.json)\n`,
    );
  });
});

describe('one depth limit', () => {
  it('a text-written call nested 10,000 levels is left out with a warning naming file, line and turn', async () => {
    const file = oneTurn('deep-call.loop.jsonl', nestedCall(10_000));
    const r = await cli('detect', file);
    expect(r.code).toBe(0);
    expect(r.err.split('\n')[0]).toBe(`warning: ${file}:2: turn 1: ${LEFT_OUT}`);
  });

  it('a folder eval names the bad file and goes on with the others', async () => {
    const folder = join(dir, 'eval-folder');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'a-deep.loop.jsonl'),
      `{"type":"assistant","text":${JSON.stringify(nestedCall(10_000))}}\n`,
    );
    execFileSync('cp', [SAMPLE, join(folder, 'b-sample.loop.jsonl')]);
    const r = await cli('eval', '--json', folder);
    expect(r.code).toBe(0);
    expect(
      r.out
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { file: string | null }).file),
    ).toEqual([`${folder}/a-deep.loop.jsonl`, `${folder}/b-sample.loop.jsonl`, null]);
    expect(r.err).toContain(`warning: ${folder}/a-deep.loop.jsonl:1: turn 1: ${LEFT_OUT}\n`);
  });

  it('a .traj nested 10,000 levels is refused naming the file and the limit', async () => {
    const file = join(dir, 'deep.traj');
    writeFileSync(
      file,
      `{"trajectory": [{"action": "ls", "observation": ${'['.repeat(10_000)}${']'.repeat(10_000)}}]}`,
    );
    const r = await cli('detect', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${file}: nested deeper than 500 levels\n`);
  });
});

describe('--config reads with a byte limit and refuses non-regular files', () => {
  it.each([
    ['/dev/urandom', 'a device'],
    [dir, 'a folder'],
  ])('%s is refused at once', async (path, kind) => {
    const r = await timed('detect', SAMPLE, '--config', path);
    expect(r.code).toBe(2);
    expect(r.ms).toBeLessThan(2000);
    expect(r.err).toBe(
      `loopscope: ${path}: ${kind}, not a regular file; only regular files are read as a config file\n`,
    );
  });

  it('a FIFO is refused without waiting for a writer', async () => {
    const fifo = join(dir, 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await timed('detect', SAMPLE, '--config', fifo);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${fifo}: a pipe, not a regular file; only regular files are read as a config file\n`,
    );
  });

  it('a file that reports size 0 is still read no further than the limit', async () => {
    const r = await cli('detect', SAMPLE, '--config', '/proc/self/status', '--max-config-mb', '0.0001');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'loopscope: /proc/self/status: over the 105 bytes limit for a config file (raise it with --max-config-mb)\n',
    );
  });
});

describe('folder-walk notes', () => {
  it('a symbolic link in a folder is skipped with a note, not followed', async () => {
    const folder = join(dir, 'links');
    mkdirSync(folder);
    execFileSync('cp', [SAMPLE, join(folder, 'run.loop.jsonl')]);
    symlinkSync('/etc', join(folder, 'etc-link'));
    const r = await cli('detect', '--json', folder);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.err).toBe(`skipped: ${folder}/etc-link: a symbolic link; links are not followed\n`);
  });

  it('an .eval entry given twice is named and imported once', async () => {
    const file = join(dir, 'twice.eval');
    const sample = JSON.stringify({
      id: 1,
      epoch: 1,
      messages: [
        { role: 'user', content: 'list' },
        { role: 'assistant', content: 'ok', tool_calls: [{ id: 'c1', function: 'bash', arguments: { cmd: 'ls' } }] },
      ],
    });
    const entry = (name: string, text: string) => ({ name, data: strToU8(text), method: 0, size: text.length });
    writeFileSync(
      file,
      rawZip([
        entry('header.json', '{"eval": {"task": "t", "model": "m"}}'),
        entry('samples/1_epoch_1.json', sample),
        entry('samples/1_epoch_1.json', sample),
      ]),
    );
    const r = await cli('detect', '--json', file);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.err).toBe(
      `warning: ${file}: entry samples/1_epoch_1.json is in the archive more than once; only its last copy is read\n`,
    );
  });
});
