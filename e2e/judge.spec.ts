import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  answer,
  hugeBody,
  perModel,
  rateLimitedAnswer,
  redirectTo,
  startJudgeStub,
  type JudgeStub,
} from '../scripts/judge-stub';
import { libraryRows, readyApp, shot, storeJudgeEndpoint } from './helpers';

const SAMPLE = 'Docs writer with recorded LLM judge answers';
let stub: JudgeStub;

test.beforeEach(async () => {
  // Rate limited once (Retry-After: 2), then low, rising, confident: checks at 30 (0.1),
  // 33 (0.55 → every 9), 42 (0.92, pro 0.96 → terminate).
  const rateLimited = { status: 429, headers: { 'retry-after': '2' }, json: { error: { message: 'slow down' } } };
  stub = await startJudgeStub(
    perModel({
      'small-m': [rateLimited, answer(0.1), answer(0.55), answer(0.92)],
      'large-m': [answer(0.96, 'same write again')],
    }),
  );
});
test.afterEach(() => stub.close());

async function openJudgeTab(page: Page) {
  await libraryRows(page).filter({ hasText: SAMPLE }).first().click();
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await page.getByRole('tab', { name: 'Judge' }).click();
}

test('the judge asks only on the explicit action, only the configured endpoint; live answers are charted and cached', async ({
  page,
  context,
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const seen: string[] = [];
  context.on('request', (r) => seen.push(r.url()));
  await readyApp(page);
  await openJudgeTab(page);

  await page.getByLabel('Base URL').fill(stub.baseUrl);
  await page.getByLabel('First model').fill('small-m');
  await page.getByLabel(/Double-check model/).fill('large-m');
  // What will be sent, before anything is: 45 turns give 2 (all low) to 4 (all just under 0.9) checks.
  const estimate = page.getByRole('list', { name: 'What will be sent' });
  await expect(estimate).toContainText('2 to 4 checks');
  await expect(estimate).toContainText('At most 4 requests to the first model');
  const ask = page.getByRole('button', { name: /^Ask the judge for this run \(≤ 4 checks to ask, ≈ [\d,]+ tokens\)$/ });
  await expect(ask).toBeEnabled();
  await shot(page, 'judge-01-before-asking');
  expect(stub.requests).toHaveLength(0);
  expect(seen.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);

  await ask.click();
  const result = page.getByRole('status', { name: 'Judge run result' });
  await expect(result).toContainText(
    '3 checks, 5 requests sent, 0 answers from the cache: stopped where the judge stopped the run.',
  );
  expect(stub.requests.map((r) => r.model)).toEqual(['small-m', 'small-m', 'small-m', 'small-m', 'large-m']);
  // The worker read Retry-After (exposed by CORS) and waited 2 s, not its own 1 s backoff.
  expect(stub.requests[1].at - stub.requests[0].at).toBeGreaterThanOrEqual(2000);
  // Every request the browser made went to the app itself or to the configured endpoint.
  const elsewhere = seen.filter(
    (u) => !u.startsWith(origin) && !u.startsWith(stub.origin) && !u.startsWith('blob:') && !u.startsWith('data:'),
  );
  expect(elsewhere).toEqual([]);
  // The listener does see the judge worker's requests (so the check above covers them).
  expect(seen.filter((u) => u === `${stub.baseUrl}/chat/completions`).length).toBeGreaterThanOrEqual(4);
  await shot(page, 'judge-02-after-run');
  // Reading the answers changed the config: said in words, with an Undo that turns it back.
  const change = page.getByRole('status', { name: 'Config changed by the judge run' });
  await expect(change).toContainText('turned the LLM check (llm-judge) on');
  await change.getByRole('button', { name: 'Undo' }).click();
  await expect(change).toHaveCount(0);
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(
    page.getByRole('region', { name: 'LLM check schedule' }).getByRole('button', { name: /^Enable llm-judge/ }),
  ).toBeVisible();

  // Asking again sends nothing: every answer is in the cache; the config is changed again, said again.
  await page.getByRole('tab', { name: 'Judge' }).click();
  await expect(estimate).toContainText('Nothing to send: every check is answered from the cache.');
  await page.getByRole('button', { name: 'Use the cached answers for this run (nothing to send)' }).click();
  await expect(result).toContainText('3 checks, 0 requests sent, 4 answers from the cache');
  await expect(change).toContainText('turned the LLM check (llm-judge) on');
  expect(stub.requests).toHaveLength(5);

  // The replay now reads the live answers: the judge's terminate at turn 42, stars in the chart.
  await page.keyboard.press('End');
  await page.getByRole('tab', { name: 'Charts' }).click();
  const checks = page.getByRole('region', { name: 'LLM check schedule' });
  const legend = checks.locator('.recharts-legend-item-text');
  await expect(legend.filter({ hasText: 'flash (live)' })).toBeVisible();
  await expect(legend.filter({ hasText: 'pro (live)' })).toBeVisible();
  await expect(legend.filter({ hasText: 'next interval' })).toBeVisible();
  await expect(checks.locator('.recharts-scatter-symbol path')).toHaveCount(4);
  await page.mouse.move(0, 0);
  await checks.screenshot({ path: 'test-results/screenshots/judge-03-live-chart.png' });

  await page.getByRole('tab', { name: 'Judge' }).click();

  // The answers as judge lines in a .loop.jsonl.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .loop.jsonl with the answers' }).click(),
  ]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"judge"'))
    .map((l) => JSON.parse(l) as { turn: number; model: string; confidence: number });
  expect(lines.map((j) => [j.turn, j.model, j.confidence])).toEqual([
    [30, 'flash', 0.1],
    [33, 'flash', 0.55],
    [42, 'flash', 0.92],
    [42, 'pro', 0.96],
  ]);

  // A reload shows the cached live answers without asking (the key was never stored).
  await page.reload(); // the workbench of the same transcript (its id is in the URL)
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(legend.filter({ hasText: 'flash (live)' })).toBeVisible();
  expect(stub.requests).toHaveLength(5);

  // Saved into the transcript as judge lines: the recorded source replays them (circles).
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page.getByRole('button', { name: 'Save as judge lines' }).click();
  await expect(page.getByText('Saved 4 judge lines into this transcript')).toBeVisible();
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(legend.filter({ hasText: 'flash (recorded)' })).toBeVisible();
  await expect(legend.filter({ hasText: 'pro (recorded)' })).toBeVisible();
  await expect(checks.locator('.recharts-scatter-symbol path')).toHaveCount(4);
  expect(stub.requests).toHaveLength(5);
  expect(await page.evaluate(() => localStorage.getItem('loopscope.judge.key'))).toBeNull();
});

test('the page policy allows loopback and the one configured remote origin, nothing else', async ({ page }) => {
  await readyApp(page);
  await storeJudgeEndpoint(page, 'https://judge.example.test/v1');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  expect(await page.locator('#judge-csp').getAttribute('content')).toBe(
    "connect-src 'self' http://127.0.0.1:* http://localhost:* https://judge.example.test",
  );
  const blocked = await page.evaluate(async (stubOrigin) => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.blockedURI));
    const tryFetch = (u: string) =>
      fetch(u, { method: 'POST', body: '{}' }).then(
        () => 'ok',
        () => 'failed',
      );
    const results = {
      loopback: await tryFetch(`${stubOrigin}/v1/chat/completions`),
      other: await tryFetch('https://elsewhere.example.test/v1/chat/completions'),
    };
    await new Promise((r) => setTimeout(r, 200));
    return { results, violations };
  }, stub.origin);
  expect(blocked.results.loopback).toBe('ok');
  expect(blocked.results.other).toBe('failed');
  expect(blocked.violations).toHaveLength(1);
  expect(blocked.violations[0]).toContain('https://elsewhere.example.test');

  // The workbench offers to reload for a new remote origin instead of trying it.
  await libraryRows(page).filter({ hasText: SAMPLE }).first().click();
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page.getByLabel('Base URL').fill('https://another.example.test/v1');
  await expect(page.getByText(/may only contact https:\/\/another\.example\.test after a reload/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ask the judge for this run/ })).toBeDisabled();
});

test('Cancel stops a run waiting on a slow model; nothing is cached', async ({ page }) => {
  const slow = await startJudgeStub(() => ({ hang: true }));
  try {
    await readyApp(page);
    await openJudgeTab(page);
    await page.getByLabel('Base URL').fill(slow.baseUrl);
    await page.getByLabel('First model').fill('slow-m');
    await page.getByRole('button', { name: /^Ask the judge for this run \(/ }).click();
    await expect.poll(() => slow.requests.length).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status', { name: 'Judge run result' })).toContainText(
      '1 check, 1 request sent, 0 answers from the cache: cancelled.',
    );
    const cached = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('loopscope');
          open.onsuccess = () => {
            const req = open.result.transaction('judgeCache').objectStore('judgeCache').count();
            req.onsuccess = () => {
              open.result.close();
              resolve(req.result);
            };
          };
        }),
    );
    expect(cached).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('loopscope.judge.key'))).toBeNull();
  } finally {
    await slow.close();
  }
});

test('hostile endpoints: a redirect is refused by name, a huge answer is cut, a rate-limit wait is shown with Cancel, an oversized cached answer is dropped', async ({
  page,
}) => {
  const MiB = 1024 * 1024;
  const elsewhere = await startJudgeStub(() => answer(0.95));
  const hostile = await startJudgeStub((req) =>
    req.model === 'redirect-m'
      ? redirectTo(`${elsewhere.baseUrl}/chat/completions`)
      : req.model === 'huge-m'
        ? hugeBody(150 * MiB)
        : rateLimitedAnswer(0.1, '90s'),
  );
  try {
    await readyApp(page);
    await openJudgeTab(page);
    await page.getByLabel('Base URL').fill(hostile.baseUrl);
    const ask = page.getByRole('button', { name: /^Ask the judge for this run \(/ });
    const result = page.getByRole('status', { name: 'Judge run result' });

    // A 307 to another port: not followed, named; the other port never hears of it.
    await page.getByLabel('First model').fill('redirect-m');
    await ask.click();
    await expect(page.getByRole('alert')).toContainText(
      'redirect-m: the endpoint answered with a redirect, which the judge does not follow',
    );
    await expect(result).toContainText('failed');
    expect(elsewhere.requests).toHaveLength(0);

    // A cached answer longer than any response read (from before the limit) is dropped with a warning.
    await page.evaluate(
      ({ key, analysis }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('loopscope');
          open.onsuccess = () => {
            const tx = open.result.transaction('judgeCache', 'readwrite');
            tx.objectStore('judgeCache').put({ key, confidence: 0.5, analysis, at: 1 });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { key: `${hostile.baseUrl}|huge-m|seed000-v1#0123456789abcdef`, analysis: 'x'.repeat(5 * MiB) },
    );
    // 150 MB answers: each is cut at 4 MiB, nothing is cached, the tab stays responsive.
    await page.getByLabel('First model').fill('huge-m');
    await expect(page.getByRole('list', { name: 'Cache warnings' })).toContainText(
      'a cached answer could not be read and was dropped',
    );
    await ask.click();
    await expect(result).toContainText('every check of the transcript asked', { timeout: 30_000 });
    await expect(result).toContainText(
      'huge-m: response over the 4 MiB limit (cut off there): not an answer, not cached',
    );

    // A success saying the window is used up for 90 s: the wait is shown, Cancel ends it.
    await page.getByLabel('First model').fill('wait-m');
    await ask.click();
    const status = page.getByRole('status').filter({ hasText: 'waiting 90 s' });
    await expect(status).toContainText("waiting 90 s: the endpoint's rate limit (no request left in its window)");
    await expect(status).toContainText('longest wait 90 s');
    await shot(page, 'judge-04-rate-limit-wait');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(result).toContainText('cancelled. Longest wait 90 s.');
  } finally {
    await hostile.close();
    await elsewhere.close();
  }
});
