/**
 * Library triage: a folder of 20 runs is imported; the library shows each run's alarms
 * and first alarm under the config being tuned (computed in the worker), the search and the "Has
 * alarms" filter narrow it to the looping runs, and Enter or a click opens a run with the cursor
 * on its first alarm. The 20 runs are the six bundled samples with numbered titles (so no file is
 * a duplicate of a bundled one); under `recommended` only the healthy sample raises no alarm.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_SAMPLES, bundledSampleText } from '../src/samples/bundled.test-util';
import { libraryRows, readyApp, shot } from './helpers';

/** runs/run-00.loop.jsonl … run-19.loop.jsonl; run k is sample k mod 6 titled "Batch k: …". */
function folderOf20(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'loopscope-triage-')), 'runs');
  mkdirSync(dir);
  for (let k = 0; k < 20; k++) {
    const name = BUNDLED_SAMPLES[k % BUNDLED_SAMPLES.length];
    const text = bundledSampleText(name);
    const titled = text.replace(/"title":"([^"]*)"/, (_m, t: string) => `"title":"Batch ${k}: ${t}"`);
    writeFileSync(join(dir, `run-${String(k).padStart(2, '0')}.loop.jsonl`), titled);
  }
  return dir;
}

/** The text of the cell under `header` in `row`. */
async function cellUnder(page: Page, row: ReturnType<typeof libraryRows>, header: string): Promise<string> {
  const headers = await page.getByRole('table', { name: 'Library' }).locator('thead th').allInnerTexts();
  const i = headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim() === header);
  expect(i, `column ${header}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('td').nth(i).innerText()).trim();
}

async function triageDone(page: Page): Promise<void> {
  // The pass may be answered from a cache without a progress bar: the table is aria-busy meanwhile.
  await expect(page.getByRole('table', { name: 'Library' })).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 20_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Triage progress' })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Library' }).getByRole('cell', { name: '…', exact: true })).toHaveCount(
    0,
  );
}

test('a folder of 20 runs: filter to those with alarms, open one at its first alarm', async ({ page }) => {
  const before = await readyApp(page);
  await page.getByTestId('folder-input').setInputFiles(folderOf20());
  await expect(page.getByRole('status').filter({ hasText: 'runs/:' })).toContainText(
    'runs/: 20 transcripts from 20 files',
    {
      timeout: 30_000,
    },
  );
  await expect(libraryRows(page)).toHaveCount(before + 20);
  await expect(page.getByRole('columnheader', { name: 'Alarms' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'First alarm' })).toBeVisible();
  await triageDone(page);

  await page.getByRole('searchbox', { name: /Search/ }).fill('batch');
  await expect(libraryRows(page)).toHaveCount(20);
  await page.getByRole('combobox', { name: 'Has alarms', exact: true }).selectOption('yes');
  // The four healthy copies (runs 1, 7, 13, 19) raise no alarm under recommended.
  await expect(libraryRows(page)).toHaveCount(16);
  await expect(page.getByText('16 of 26 runs')).toBeVisible();
  await expect(libraryRows(page).filter({ hasText: 'Healthy' })).toHaveCount(0);
  // The default config only warns: the chart shows the warnings, and says it stops nothing.
  const figure = page.getByRole('figure', { name: 'What the config would do' });
  await expect(figure).toContainText('16 of 16 would warn, 0 block, 0 stop');
  await expect(figure).toContainText('it only warns here: no run would be blocked or stopped');
  await expect(figure.locator('.recharts-label').filter({ hasText: 'Turn' })).toHaveCount(1);
  await expect(figure.locator('.recharts-label').filter({ hasText: 'Runs' })).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'library-triage-01-filtered-1440');
  await page.setViewportSize({ width: 1024, height: 800 });
  await shot(page, 'library-triage-02-filtered-1024');

  // Enter on a row: the missing-path sample alarms first at turn 8 under recommended.
  const row = libraryRows(page).filter({ hasText: 'Batch 3:' });
  const first = await cellUnder(page, row, 'First alarm');
  expect(first).toBe('8');
  expect(await cellUnder(page, row, 'Alarms')).toBe('1 loop · 3 alarms');
  expect(await cellUnder(page, row, 'Would')).toBe('warn at 8');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.turn-readout')).toHaveText(new RegExp(`^Turn ${first} / 18`));
  expect(page.url()).toMatch(new RegExp(`#/t/\\d+/turn/${first}$`));
  await shot(page, 'library-triage-03-opened-1024');

  // Back in the library the filters are as left; a click opens another run at its first alarm.
  await page.getByRole('link', { name: '← Library' }).click();
  await expect(libraryRows(page)).toHaveCount(16);
  const other = libraryRows(page).filter({ hasText: 'Batch 2:' });
  const otherFirst = await cellUnder(page, other, 'First alarm');
  expect(otherFirst).toBe('36');
  await other.getByRole('cell').first().click();
  await expect(page.locator('.turn-readout')).toHaveText(new RegExp(`^Turn ${otherFirst} / 45`));
});

test('the triage follows the chosen config: a preset picked in the library recomputes the columns', async ({
  page,
}) => {
  await readyApp(page);
  await triageDone(page);
  await page.getByRole('searchbox', { name: /Search/ }).fill('docstrings');
  const row = libraryRows(page);
  await expect(row).toHaveCount(1);
  expect(await cellUnder(page, row, 'Alarms')).toBe('0');
  expect(await cellUnder(page, row, 'Would')).toBe('—');
  await page.getByRole('combobox', { name: 'Config', exact: true }).selectOption('chatloop');
  await triageDone(page);
  await expect.poll(() => cellUnder(page, row, 'Alarms')).toBe('1 loop · 8 alarms');
  expect(await cellUnder(page, row, 'First alarm')).toBe('9');
  expect(await cellUnder(page, row, 'Would')).toBe('stop at 15 ⚠');
  expect(await cellUnder(page, row, 'F1')).toBe('8 false');
  await page.getByRole('searchbox', { name: /Search/ }).fill('');
  await page.getByRole('combobox', { name: 'Would', exact: true }).selectOption('terminate');
  await expect(libraryRows(page)).toHaveCount(5);
  await shot(page, 'library-triage-04-chatloop');
  // Opened from a library under chatloop, the run is replayed under chatloop: the same first alarm.
  await libraryRows(page).filter({ hasText: 'Healthy: docstrings' }).getByRole('cell').first().click();
  await expect(page.locator('.turn-readout')).toHaveText(/^Turn 9 \/ 31/);
  await expect(page.getByLabel('Preset', { exact: true })).toHaveValue('chatloop');
});

test('kept live while tuning: a detector enabled in Tune changes the columns back in the library', async ({ page }) => {
  await readyApp(page);
  await triageDone(page);
  const row = libraryRows(page).filter({ hasText: 'Stuck listing a missing folder' });
  expect([await cellUnder(page, row, 'Alarms'), await cellUnder(page, row, 'Would')]).toEqual([
    '1 loop · 3 alarms',
    'warn at 8',
  ]);
  await row.getByRole('cell').first().click();
  await expect(page.locator('.turn-readout')).toHaveText(/^Turn 8 \/ 18/);
  await page.getByRole('checkbox', { name: 'Exact repeat enabled' }).check();
  await page.getByRole('link', { name: '← Library' }).click();
  await expect(page.getByRole('combobox', { name: 'Config', exact: true })).toContainText(
    'Your config (recommended, tuned)',
  );
  await triageDone(page);
  await expect.poll(() => cellUnder(page, row, 'Alarms')).toBe('1 loop · 13 alarms');
  expect(await cellUnder(page, row, 'Would')).toBe('stop at 10');
  const healthy = libraryRows(page).filter({ hasText: 'Healthy: docstrings' });
  expect(await cellUnder(page, healthy, 'Would')).toBe('stop at 15 ⚠');
  await shot(page, 'library-triage-05-tuned');
});
