import { expect, test, type Page } from '@playwright/test';
import { deflateSync, strToU8 } from 'fflate';
import { downloaded, readyApp, recordDialogs, shot, storedCount } from './helpers';

/**
 * transcript text in the Markdown report stays text (a Markdown viewer renders raw HTML),
 * and a config nested absurdly deep, from a file or a link, gets one clear line and changes nothing.
 */
const TITLE = '<img src=x onerror=alert(1)> & <b>bold</b>';
const FILE = '<svg onload=alert(2)>.loop.jsonl';
const NOTE = '<script>alert(3)</script>';
const TOOL = '<iframe srcdoc=x>';

function hostileTranscript(): string {
  const call = JSON.stringify({ type: 'assistant', calls: [{ name: TOOL, args: { path: '<a href=javascript:1>' } }] });
  return [
    JSON.stringify({ type: 'meta', version: 1, title: TITLE }),
    ...Array.from({ length: 8 }, () => call),
    JSON.stringify({ type: 'label', startTurn: 2, endTurn: 8, kind: 'loop', note: NOTE }),
  ].join('\n');
}

async function openHostile(page: Page): Promise<void> {
  await readyApp(page);
  await page.getByTestId('file-input').setInputFiles({
    name: FILE,
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(hostileTranscript()),
  });
  await expect(page.getByRole('heading', { name: TITLE, level: 2 })).toBeVisible();
}

test('raw HTML in a title, file name, tool name and label note stays text in the page and the report', async ({
  page,
}) => {
  const dialogs = recordDialogs(page);
  await openHostile(page);
  await expect(page.locator('.transcript-head')).toContainText(`from ${FILE}`);
  // Nothing of it became an element.
  expect(await page.locator('main img, main svg[onload], main iframe, main script, main b').count()).toBe(0);

  await page.getByRole('tab', { name: 'Share' }).click();
  const button = page.getByRole('button', { name: 'Download report' });
  await expect(button).toBeEnabled();
  const report = await downloaded(page, () => button.click());
  expect(report.name).toBe('img-src-x-onerror-alert-1-b-bold-b-report.md');
  const lines = report.text.split('\n');
  expect(lines[0]).toBe('# Loopscope report: &lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  expect(lines[4]).toBe('| File | &lt;svg onload=alert(2)&gt;.loop.jsonl |');
  expect(lines).toContain('| loop | 2–8 | &lt;script&gt;alert(3)&lt;/script&gt; |');
  // No tag opens anywhere in the report.
  expect(report.text).not.toMatch(/<[a-z/!]/i);
  expect(dialogs).toEqual([]);
  await shot(page, 'hostile-share-01-report');
});

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

test('a config nested 200,000 levels deep, from a file or a link: one line, the config unchanged', async ({ page }) => {
  await openHostile(page);
  const before = await storedCount(page);
  await page.getByRole('tab', { name: 'Share' }).click();
  const current = page.getByLabel('Current config');
  const name = (await current.locator('[data-config-name]').textContent())!;
  const input = page.getByTestId('config-file-input');

  await input.setInputFiles({
    name: 'deep.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      `{"loopscope":"config","version":1,"config":{"detectors":{"pattern":{"windowSize":${deep(200_000)}}}}}`,
    ),
  });
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'deep.json was not loaded. config: nests deeper than 16 levels (a config needs 5). Your current config is unchanged.',
  );
  await expect(current.locator('[data-config-name]')).toHaveText(name);
  await shot(page, 'hostile-share-02-deep-config-file');

  // Over the 1 MiB a config file may be: refused before it is read.
  await input.setInputFiles({
    name: 'huge.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'n'.repeat(2 * 1024 * 1024), detectors: {} })),
  });
  await expect(alert).toHaveText(
    'huge.json was not loaded. file: is 2 MiB, over the 1 MiB limit for a config file. Your current config is unchanged.',
  );
  await expect(current.locator('[data-config-name]')).toHaveText(name);

  // The same depth in a share link: 100,000 levels inflate to 200 KB, under the link's limits.
  const payload = Buffer.from(
    deflateSync(strToU8(`{"detectors":{"pattern":{"windowSize":${deep(100_000)}}}}`), { level: 9 }),
  ).toString('base64url');
  expect(payload.length).toBeLessThan(16 * 1024);
  const hash = await page.evaluate(() => location.hash);
  await page.goto(`/${hash.replace(/\?.*/, '')}?config=${payload}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Share link' }).locator('.import-message')).toHaveText(
    'Share link: the config in this link is invalid: config: nests deeper than 16 levels (a config needs 5). Your current config is kept.',
  );
  await expect(page.getByRole('heading', { name: TITLE, level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(page.getByLabel('Current config').locator('[data-config-name]')).toHaveText(name);
  expect(await storedCount(page)).toBe(before);
  await shot(page, 'hostile-share-03-deep-link');
});
