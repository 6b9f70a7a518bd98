/**
 * `loopscope judge` against hostile endpoints: every case ends with exit 0 or 2 and a named
 * message, well under 20 s; the 500 MB answer runs in a child process to measure its memory.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  htmlPageWith,
  hugeBody,
  perModel,
  rateLimitedAnswer,
  redirectTo,
  startJudgeStub,
  type JudgeStub,
  stubSet,
} from '../../scripts/judge-stub';
import { cli } from './run-cli.test-util';

const root = new URL('../../', import.meta.url).pathname;
const sample = join(root, 'src/samples/judge-recorded.loop.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'loopscope-judge-hostile-'));
const MiB = 1024 * 1024;
let n = 0;

const stubs = stubSet();
const start = stubs.start;
afterEach(stubs.closeAll);

const judgeArgs = (s: JudgeStub, cache: string, out: string) => [
  'judge',
  sample,
  '--base-url',
  s.baseUrl,
  '--model',
  'small-m',
  '--cache',
  cache,
  '--out',
  out,
];

/** `judge` on the sample with a fresh cache and output folder, timed. */
async function judge(s: JudgeStub, ...extra: string[]) {
  const run = join(dir, `run-${n++}`);
  const t0 = Date.now();
  const r = await cli(...judgeArgs(s, join(run, 'cache.json'), run), ...extra);
  return { ...r, ms: Date.now() - t0 };
}

/** The CLI in a child process; its peak RSS from the child itself (Node's resourceUsage, in KiB). */
function childJudge(args: string[]): Promise<{ code: number | null; err: string; maxRssMiB: number; ms: number }> {
  const report = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss '+process.resourceUsage().maxRSS+'\\n'))`;
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', report, '--import', 'tsx', join(root, 'src/cli/bin.ts'), ...args],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (c) => (err += String(c)));
    const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(kill);
      const m = /maxrss (\d+)/.exec(err);
      resolve({ code, err, maxRssMiB: m ? Number(m[1]) / 1024 : Number.NaN, ms: Date.now() - t0 });
    });
  });
}

describe('loopscope judge against hostile endpoints', () => {
  it('response size limit: 500 MB answers exit 0 with the limit named, under 1 GB RSS and 20 s, and leave no big cache', async () => {
    const s = await start(() => hugeBody(500 * MiB));
    const run = join(dir, 'huge');
    const cache = join(run, 'cache.json');
    const r = await childJudge(judgeArgs(s, cache, run));
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'turn 30 flash: small-m: response over the 4 MiB limit (cut off there): not an answer, not cached\n',
    );
    expect(r.maxRssMiB).toBeLessThan(1024);
    expect(r.ms).toBeLessThan(20_000);
    expect(existsSync(cache)).toBe(false);
    for (const q of s.requests) expect(q.sent).toBeLessThan(64 * MiB);
  });

  it('no redirects: a 307 exits 2 naming the redirect; the other address gets nothing', async () => {
    const elsewhere = await start(perModel({ 'small-m': [answer(0.95)] }));
    const s = await start(() => redirectTo(`${elsewhere.baseUrl}/chat/completions`));
    const r = await judge(s);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${sample}: small-m: the endpoint answered with a redirect, which the judge does not follow (the history would go to an address nobody configured): set the base URL to the address that answers\n`,
    );
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('rate-limit wait cap: a success asking to wait 20 h exits 2 at once naming the wait and --max-wait', async () => {
    const s = await start(() => rateLimitedAnswer(0.1, '20h'));
    const r = await judge(s);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${sample}: the endpoint's rate limit asks to wait 20 h before the next request, over the 120 s limit: stopped; the answers received so far are cached (--max-wait 120 s)\n`,
    );
    expect(r.ms).toBeLessThan(20_000);
  });

  it('rate-limit wait cap: a shorter wait is announced on stderr and the summary names the longest wait', async () => {
    const s = await start((_req, k) => (k === 0 ? rateLimitedAnswer(0.1, '1s') : answer(0.1)));
    const r = await judge(s, '--max-wait', '5');
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      "waiting 1 s: the endpoint's rate limit (no request left in its window) (Ctrl-C stops; answers so far are cached)\n",
    );
    expect(r.err).toMatch(/, longest wait 1 s\n/);
  });

  it('run deadline: a dead endpoint (never answers) exits 2 at the --deadline, naming it', async () => {
    const s = await start(() => ({ hang: true }));
    const r = await judge(s, '--deadline', '2');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${sample}: the run reached its deadline and stopped; the answers received so far are cached (--deadline 2 s for the whole command)\n`,
    );
    expect(r.ms).toBeLessThan(5000);
  });

  it("a dead endpoint (connection refused) with the defaults exits 2 after the first question's retries, naming it", async () => {
    const gone = await startJudgeStub(() => answer(0.1));
    await gone.close();
    const r = await judge(gone);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^waiting 1 s: before asking again \(could not reach the endpoint \(fetch failed\)\) \(Ctrl-C stops; answers so far are cached\)\n/,
    );
    expect(r.err.split('\n').at(-2)).toBe(
      `loopscope: ${sample}: small-m: could not reach the endpoint (fetch failed) (after 4 attempts); stopped (the endpoint has not answered yet): check the base URL, that the server is running, or raise the timeout`,
    );
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('only a well-formed body counts: HTML pages with the answer inside exit 0 with every check named malformed', async () => {
    const s = await start(() => htmlPageWith(0.97));
    const r = await judge(s);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'turn 30 flash: small-m: malformed answer: the body is not JSON (it begins "<!DOCTYPE html>',
    );
    expect(r.err).not.toContain('stopped the run');
  });

  it('timeout range: --timeout 1e308, 0 or words exit 2 naming the range; --max-wait and --deadline too', async () => {
    const s = await start(() => answer(0.1));
    expect((await judge(s, '--timeout', '1e308')).err).toBe(
      'loopscope: --timeout must be a number of seconds from 1 to 3,600, got "1e308"\n',
    );
    expect((await judge(s, '--timeout', '0')).code).toBe(2);
    expect((await judge(s, '--max-wait', 'soon')).err).toBe(
      'loopscope: --max-wait must be a number of seconds from 0 to 86,400, got "soon"\n',
    );
    expect((await judge(s, '--deadline=-1')).err).toBe(
      'loopscope: --deadline must be a number of seconds from 1 to 604,800, got "-1"\n',
    );
    expect((await judge(s, '--max-response-mb', '0')).err).toBe(
      'loopscope: --max-response-mb must be a positive number of MiB, got "0"\n',
    );
    expect(s.requests).toHaveLength(0);
  });

  it('a cache file that cannot be read (600 MB) is moved aside with a warning; the run goes on', async () => {
    const s = await start(() => answer(0.1));
    const big = join(dir, 'big-cache.json');
    writeFileSync(big, '');
    truncateSync(big, 600 * MiB); // sparse: 600 MB as far as stat is concerned, nothing on disk
    const r = await cli(...judgeArgs(s, big, join(dir, 'big')));
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `warning: ${big}: unreadable judge cache (600 MiB, over the 64 MiB cache file limit); moved to ${big}.unreadable, starting an empty cache\n`,
    );
    const again = await cli(...judgeArgs(s, big, join(dir, 'big')));
    expect(again.err).not.toContain('warning');
    expect(again.err).toContain('0 requests');
  });
});
