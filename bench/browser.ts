/**
 * The browser section of `npm run bench`: in real Chromium, on a 100,000-turn transcript, the
 * time from the drop to the first metrics, from a click in the library to the first metrics of a
 * reopen, from a threshold change to updated metrics and from a key press to the new turn.
 * Targets: under 100 ms and under 16 ms median.
 */
import { chromium, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { generateRun } from './generate';

/** LOOPSCOPE_PORT lets a run share the machine with another (the e2e specs read it too). */
const PORT = Number(process.env.LOOPSCOPE_PORT) || 4175;
const URL_ = `http://127.0.0.1:${PORT}/`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
}

const round = (x: number) => Math.round(x * 10) / 10;

async function startServer(root: string): Promise<ChildProcess> {
  if (!existsSync(join(root, 'dist/index.html'))) spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(URL_)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

/** Sets an input's value the way typing does, so React's onChange fires. */
async function thresholdChange(page: Page, selector: string, value: number): Promise<number> {
  return page.evaluate(
    ({ selector, value }) =>
      new Promise<number>((resolve) => {
        const bar = document.querySelector('.metrics-bar')!;
        const before = bar.getAttribute('data-run');
        const input = document.querySelector<HTMLInputElement>(selector)!;
        const obs = new MutationObserver(() => {
          if (document.querySelector('.metrics-bar')?.getAttribute('data-run') !== before) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-run'] });
        const t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    { selector, value },
  );
}

/** A real key event on the page; resolves when the turn readout shows the next turn. */
async function keyStep(page: Page, key: string): Promise<{ commit: number; frame: number }> {
  return page.evaluate(
    (key) =>
      new Promise<{ commit: number; frame: number }>((resolve) => {
        const readout = document.querySelector('.turn-readout strong')!;
        const before = readout.textContent;
        const obs = new MutationObserver(() => {
          if (readout.textContent === before) return;
          obs.disconnect();
          const commit = performance.now() - t0;
          requestAnimationFrame(() => resolve({ commit, frame: performance.now() - t0 }));
        });
        obs.observe(readout, { childList: true, characterData: true, subtree: true });
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      }),
    key,
  );
}

export async function benchBrowser(opts: { turns?: number; log?: (s: string) => void } = {}) {
  const log = opts.log ?? ((s: string) => process.stderr.write(s + '\n'));
  const root = new URL('..', import.meta.url).pathname;
  const wanted = opts.turns ?? 100_000;
  // The generator counts calls; take its lines up to exactly `wanted` assistant turns.
  const gen = generateRun(Math.ceil(wanted * 1.4));
  const lines: string[] = [];
  let turns = 0;
  let calls = 0;
  for (const l of gen.lines) {
    if (l.startsWith('{"type":"assistant"')) {
      if (turns === wanted) break;
      turns++;
      calls += (l.match(/"name":/g) ?? []).length;
    }
    lines.push(l);
  }
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-bench-'));
  const file = join(dir, 'bench-100k.loop.jsonl');
  const text = lines.join('\n') + '\n';
  writeFileSync(file, text);
  const run = { calls, bytes: Buffer.byteLength(text) };
  log(`browser: ${turns} turns, ${run.calls} calls, ${(run.bytes / 1e6).toFixed(1)} MB`);
  const server = await startServer(root);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(URL_);
    await page.getByRole('table', { name: 'Library' }).waitFor();
    const t0 = Date.now();
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByRole('slider', { name: /turn/i }).waitFor({ timeout: 300_000 });
    await page.waitForFunction(
      () => Number(document.querySelector('.metrics-bar')?.getAttribute('data-run') ?? 0) > 0,
      null,
      { timeout: 300_000 },
    );
    const openMs = Date.now() - t0;
    log(`browser: imported and replayed in ${openMs} ms`);

    const param = await page.evaluate(() => {
      const el = [...document.querySelectorAll<HTMLInputElement>('input[type=number][data-param]')].find(
        (e) => e.offsetParent !== null,
      );
      return el ? { path: el.dataset.param!, value: Number(el.value), max: Number(el.max) } : null;
    });
    const thresholdMs: number[] = [];
    if (param) {
      const sel = `[data-param="${param.path}"]`;
      const alt = param.value + 1 <= param.max ? param.value + 1 : param.value - 1;
      for (let i = 0; i < 12; i++) thresholdMs.push(await thresholdChange(page, sel, i % 2 ? param.value : alt));
    }
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const commits: number[] = [];
    const frames: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await keyStep(page, i < 30 ? 'ArrowRight' : 'ArrowLeft');
      commits.push(r.commit);
      frames.push(r.frame);
    }
    // Reopen from the library: back to the list, click the run, wait for its first metrics.
    await page.locator('.app-header h1 a').click();
    const row = page.getByRole('table', { name: 'Library' }).locator('tbody tr', { hasText: 'Synthetic run of' });
    await row.first().waitFor();
    const t1 = Date.now();
    await row.first().click();
    await page.waitForFunction(
      () => Number(document.querySelector('.metrics-bar')?.getAttribute('data-run') ?? 0) > 0,
      null,
      { timeout: 300_000 },
    );
    const reopenMs = Date.now() - t1;
    log(`browser: reopened from the library in ${reopenMs} ms`);
    const result = {
      turns,
      calls: run.calls,
      megabytes: round(run.bytes / 1e6),
      importAndFirstReplayMs: openMs,
      reopenToFirstMetricsMs: reopenMs,
      thresholdParam: param?.path ?? null,
      thresholdToMetricsMs: {
        median: round(median(thresholdMs)),
        max: round(Math.max(...thresholdMs)),
        samples: thresholdMs.map(round),
        target: 100,
      },
      keyToTurnMs: {
        median: round(median(commits)),
        max: round(Math.max(...commits)),
        nextFrameMedian: round(median(frames)),
        target: 16,
      },
    };
    return {
      ...result,
      withinTarget: result.thresholdToMetricsMs.median < 100 && result.keyToTurnMs.median < 16,
    };
  } finally {
    await browser.close();
    try {
      process.kill(-server.pid!);
    } catch {
      server.kill();
    }
  }
}
