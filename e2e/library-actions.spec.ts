import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropFiles, libraryRows, readyApp, shot, storedCount } from './helpers';

const SAMPLE_FILE = 'same-error-forever.loop.jsonl';
const sample = (name = SAMPLE_FILE) => readFileSync(new URL(`../src/samples/${name}`, import.meta.url));

test('the same file imported again: keep both, then replace every stored copy, or cancel', async ({ page }) => {
  await readyApp(page);
  // The bundled sample's own bytes, under another name.
  await dropFiles(page, [{ name: 'again.loop.jsonl', content: sample() }]);
  const prompt = page.getByTestId('duplicate-import');
  await expect(prompt).toHaveText(
    /^again\.loop\.jsonl is already in the library as “.+” \(from same-error-forever\.loop\.jsonl\)\.$/,
  );
  await shot(page, 'library-01-duplicate-prompt');
  await page.getByRole('button', { name: 'Keep both' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'again.loop.jsonl: 1 transcript' })).toBeVisible();
  await expect.poll(() => storedCount(page)).toBe(7);
  // Two runs now share a title: each shows its file under it, so they can be told apart.
  await page.getByRole('link', { name: '← Library' }).click();
  await expect(page.locator('table.library .row-file')).toHaveText([
    'again.loop.jsonl',
    'same-error-forever.loop.jsonl',
  ]);
  await shot(page, 'library-01b-same-title');

  // Again: both stored copies are named, and Replace leaves one.
  await dropFiles(page, [{ name: 'third.loop.jsonl', content: sample() }]);
  await expect(prompt).toContainText('and 1 more');
  await page.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'third.loop.jsonl: 1 transcript' })).toBeVisible();
  await expect.poll(() => storedCount(page)).toBe(6);

  // Cancel stores nothing.
  await dropFiles(page, [{ name: 'fourth.loop.jsonl', content: sample() }]);
  await expect(prompt).toHaveText(
    /^fourth\.loop\.jsonl is already in the library as “.+” \(from third\.loop\.jsonl\)\.$/,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('fourth.loop.jsonl: import cancelled; nothing was stored')).toBeVisible();
  await expect.poll(() => storedCount(page)).toBe(6);
});

test('a folder with files already in the library asks once; Skip leaves them out and says so', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-'));
  mkdirSync(join(dir, 'runs'));
  writeFileSync(join(dir, 'runs', 'a.loop.jsonl'), sample());
  writeFileSync(join(dir, 'runs', 'b.loop.jsonl'), sample('healthy-docstrings.loop.jsonl'));
  writeFileSync(
    join(dir, 'runs', 'c.loop.jsonl'),
    '{"type":"meta","version":1,"title":"New run"}\n{"type":"assistant","calls":[{"name":"ls","args":{}}]}\n',
  );
  await readyApp(page);
  await page.getByTestId('folder-input').setInputFiles(join(dir, 'runs'));
  const prompt = page.getByTestId('duplicate-import');
  await expect(prompt).toContainText('runs/a.loop.jsonl is already in the library as');
  await expect(prompt).toContainText('The answer holds for every file of this folder already there.');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'runs/: 1 transcript from 1 file; 2 already in the library, not imported again' }),
  ).toBeVisible();
  await expect.poll(() => storedCount(page)).toBe(7);
  // The one new transcript is opened, as after any import of one.
  await expect(page.getByRole('heading', { name: 'New run' })).toBeVisible();
});

test('dismiss all clears the finished banners; Enter opens a library row', async ({ page }) => {
  await readyApp(page);
  await dropFiles(page, [
    { name: 'a.json', content: 'not json' },
    { name: 'b.json', content: '{"nothing": "here"}' },
    { name: 'c.jsonl', content: '{"x":1}\n' },
  ]);
  const banners = page.getByRole('region', { name: 'Imports' }).locator('.import-job');
  // The files are read one after the other: wait until all three have failed.
  await expect(page.getByRole('region', { name: 'Imports' }).getByRole('alert')).toHaveCount(3);
  await expect(banners).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Dismiss all' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(banners).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss all' })).toHaveCount(0);

  // Tab reaches the rows; Enter opens one, as a click does.
  const row = libraryRows(page).filter({ hasText: 'Edit and test oscillation' });
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit and test oscillation' })).toBeVisible();
});

test('restore samples puts deleted bundled samples back', async ({ page }) => {
  await readyApp(page);
  const restore = page.getByRole('button', { name: /^Restore samples/ });
  await expect(restore).toBeDisabled();
  page.on('dialog', (d) => void d.accept());
  const row = libraryRows(page).filter({ hasText: 'Edit and test oscillation' });
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(libraryRows(page)).toHaveCount(5);
  await expect(restore).toHaveText('Restore samples (1)');
  await restore.click();
  await expect(page.getByText('Restored 1 sample.')).toBeVisible();
  await expect(libraryRows(page)).toHaveCount(6);
  await expect(row).toHaveCount(1);
  await expect(restore).toBeDisabled();
  await shot(page, 'library-02-restored');
});
