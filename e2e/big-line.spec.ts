import { expect, test } from '@playwright/test';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshApp, shot } from './helpers';

/**
 * reading a long line was quadratic (a 200 MB single-line file never finished). The
 * file is written to disk and picked with the file input, so Playwright hands Chromium the path
 * instead of copying it through the page. It imports in about 8 s here: the worker parses it in
 * about 2 s and stores it in 1.5 s. (It used to take 3.5 minutes, nearly all of it Chromium laying
 * out the 48 M-character text in one <pre>; the turn view now shows 100,000 characters at a time.)
 * LOOPSCOPE_BIG_LINE_MB sets another size.
 */
const MB = Number(process.env.LOOPSCOPE_BIG_LINE_MB ?? 200);

test(`a ${MB} MB single-line transcript imports in the browser`, async ({ page }) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-big-'));
  const file = join(dir, 'one-line.loop.jsonl');
  const fd = openSync(file, 'w');
  writeSync(fd, '{"type":"meta","version":1,"title":"One long line"}\n{"type":"assistant","text":"');
  const block = 'abcdefghij'.repeat(100_000);
  for (let i = 0; i < MB; i++) writeSync(fd, block);
  writeSync(fd, '","calls":[{"name":"ls","args":{"path":"x"}}]}\n');
  closeSync(fd);

  try {
    await freshApp(page);
    const t0 = Date.now();
    await page.getByTestId('file-input').setInputFiles(file);
    // One file imported opens it.
    await expect(page.getByRole('heading', { name: 'One long line', level: 2 })).toBeVisible({ timeout: 60_000 });
    console.log(`${MB} MB single line imported and shown in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(page.locator('.transcript-head')).toContainText('1 turns · 1 calls · from one-line.loop.jsonl');
  if (MB === 200) {
    // Over one stored record's size: the end of the text is cut for storage, and said.
    await page.getByText('Imported with 1 warning').click();
    await expect(page.locator('.warnings-box li')).toHaveText(
      'one-line.loop.jsonl: turn 1: 200 M characters is more than one stored record holds; the end of the assistant text was cut',
    );
  }
  const detail = page.getByRole('article', { name: 'Turn 1' });
  const text = detail.locator('pre.assistant-text');
  await expect(text).toHaveText(/^(abcdefghij){10000}$/);
  const note = detail.locator('.clipped-text p');
  await expect(note).toContainText(/^[\d,]+ more characters not shown \([\d,]+ in all\) Show 100,000 more$/);
  await note.getByRole('button', { name: 'Show 100,000 more' }).click();
  await expect(text).toHaveText(/^(abcdefghij){20000}$/);
  await expect(detail.locator('section.call pre.args')).toHaveText('{\n  "path": "x"\n}');
  await shot(page, 'big-line-01-opened');
});
