/**
 * Library triage in Chromium (`npm run bench -- --only triage-browser`): 1,000 runs written
 * straight into the app's IndexedDB (50 distinct generated runs of the triage section's sizes,
 * each stored 20 times under its own id), then the page is loaded again (a fresh worker, an empty
 * triage cache) and timed from the library's first rows to the end of the triage progress: every
 * run read by id in the real engine worker, replayed under `recommended`, summarised and drawn.
 * Then a threshold changed through the store (`?bench`) to the end of the new pass.
 */
import { chromium } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { parseLoopscopeJsonl } from '../src/import/loopscope-jsonl';
import type { Transcript } from '../src/model/transcript';
import { generateRun } from './generate';

const PORT = Number(process.env.LOOPSCOPE_PORT) || 4175;
const URL_ = `http://127.0.0.1:${PORT}/`;
const round = (n: number) => Math.round(n * 10) / 10;

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

async function distinctRuns(n: number): Promise<Transcript[]> {
  const out: Transcript[] = [];
  for (let i = 0; i < n; i++) {
    // The triage section's spread of sizes, with one long run in 50.
    const calls = i === 0 ? 3000 : 20 + Math.floor((((i * 37) % 50) ** 2 / 2500) * 620);
    const lines = generateRun(calls, 5000 + i).lines;
    const source = {
      name: `run-${i}.loop.jsonl`,
      size: 0,
      head: () => Promise.resolve(lines.slice(0, 5).join('\n')),
      text: () => Promise.reject(new Error('lines only')),
      bytes: () => Promise.reject(new Error('lines only')),
      async *lines() {
        yield* lines;
      },
    };
    out.push(...(await parseLoopscopeJsonl(source)).transcripts);
  }
  return out;
}

/** Resolves with ms from now until the triage progress bar has come and gone. */
const PASS_DONE = `new Promise((resolve) => {
  const t0 = performance.now();
  let seen = false;
  const check = () => {
    const bar = document.querySelector('progress[aria-label="Triage progress"]');
    if (bar) seen = true;
    else if (seen) return resolve(performance.now() - t0);
    setTimeout(check, 20);
  };
  check();
})`;

export async function benchTriageBrowser(opts: { runs?: number; log?: (s: string) => void } = {}) {
  const log = opts.log ?? ((s: string) => process.stderr.write(s + '\n'));
  const n = opts.runs ?? 1000;
  const root = new URL('..', import.meta.url).pathname;
  const distinct = await distinctRuns(50);
  const calls = distinct.reduce((a, t) => a + t.turns.reduce((b, turn) => b + turn.calls.length, 0), 0);
  log(`triage-browser: ${n} runs from 50 distinct (${calls} calls among them)`);
  const server = await startServer(root);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(URL_ + '?bench');
    await page.getByRole('table', { name: 'Library' }).waitFor();
    // Write the runs in the app's schema (src/persistence/db.ts: transcripts, bodies, turnChunks).
    await page.evaluate(
      ({ json, n }) =>
        new Promise<void>((resolve, reject) => {
          const runs = JSON.parse(json) as { title: string; turns: { calls: unknown[] }[] }[];
          const open = indexedDB.open('loopscope');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const tx = idb.transaction(['transcripts', 'bodies', 'turnChunks'], 'readwrite');
            for (let i = 0; i < n; i++) {
              const t = runs[i % runs.length];
              const meta = {
                title: `${t.title} #${i}`,
                format: 'loopscope-jsonl',
                fileName: `run-${i}.loop.jsonl`,
                turns: t.turns.length,
                calls: t.turns.reduce((a, turn) => a + turn.calls.length, 0),
                importedAt: Date.now(),
                warnings: [],
              };
              const add = tx.objectStore('transcripts').add(meta);
              add.onsuccess = () => {
                const id = add.result as number;
                const chunks = Math.ceil(t.turns.length / 2000) || 1;
                tx.objectStore('bodies').put({ id, transcript: { ...t, turns: [] }, chunks });
                for (let c = 0; c < chunks; c++)
                  tx.objectStore('turnChunks').put({ id, n: c, turns: t.turns.slice(c * 2000, (c + 1) * 2000) });
              };
            }
            tx.oncomplete = () => {
              idb.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { json: JSON.stringify(distinct), n },
    );
    log('triage-browser: stored; reloading');
    await page.reload();
    await page
      .getByRole('table', { name: 'Library' })
      .locator('tbody tr')
      .nth(n - 1)
      .waitFor({ timeout: 60_000 });
    const cold = page.evaluate(PASS_DONE) as Promise<number>;
    // A picture of the pass under way (the progress bar, rows filling in), for the docs.
    await page.getByRole('progressbar', { name: 'Triage progress' }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: 'test-results/screenshots/library-triage-06-progress.png' }).catch(() => undefined);
    const coldMs = await cold;
    log(`triage-browser: cold pass ${round(coldMs)} ms`);
    const retune = page.evaluate(PASS_DONE);
    await page.evaluate(() => {
      const store = (
        window as unknown as { __loopscopeStore: { getState(): { setParam(p: string, v: unknown): void } } }
      ).__loopscopeStore;
      store.getState().setParam('detectors.no-progress.k', 5);
    });
    const retunedMs = (await retune) as number;
    log(`triage-browser: after a threshold change ${round(retunedMs)} ms`);
    const withAlarms = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('table.library thead th')].map((h) => h.textContent?.trim());
      const i = heads.findIndex((h) => h?.startsWith('Alarms'));
      return [...document.querySelectorAll('table.library tbody tr')].filter(
        (r) => Number(r.querySelectorAll('td')[i]?.textContent) > 0,
      ).length;
    });
    return {
      runs: n,
      distinctRuns: distinct.length,
      coldMs: round(coldMs),
      retunedMs: round(retunedMs),
      rowsWithAlarms: withAlarms,
      target: 5000,
      withinTarget: coldMs < 5000,
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
