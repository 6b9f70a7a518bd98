import { expect, test, type Page } from '@playwright/test';
import { corpus, libraryRows, readyApp, shot } from './helpers';

/**
 * A share link names its run by the file's content hash, its position in the file and its title,
 * never by the sender's library number: it opens that run wherever the receiver stored it, says
 * so when the receiver has not, and asks before replacing a tuned config.
 */
const TWO_RUNS = { name: 'output.jsonl', content: corpus('openhands/tests/unit/resolver/mock_output/output.jsonl') };
const ONE_RUN = {
  name: 'i_got_id_demo.traj',
  content: corpus('swe-agent/trajectories/demonstrations/ctf/web/i_got_id_demo.traj'),
};
const RUN_X = 'neubig/pr-viewer#1'; // the second of output.jsonl's two runs
const K = 'detectors.no-progress.k';

async function importFile(page: Page, file: { name: string; content: Buffer }, rows: number): Promise<void> {
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: file.name, mimeType: 'application/json', buffer: file.content });
  // A file of one run opens it: back to the library for the next import.
  if (file === ONE_RUN) {
    await page.getByRole('link', { name: '← Library' }).click();
  }
  await expect(libraryRows(page)).toHaveCount(rows);
  // Stored to the end (a reload while storing would be asked about, and drop the import).
  await expect(page.getByRole('status').filter({ hasText: `${file.name}: ` })).toBeVisible({ timeout: 60_000 });
}

function localId(page: Page): number {
  return Number(/#\/t\/(\d+)\//.exec(page.url())![1]);
}

async function tuneK(page: Page, value: string): Promise<void> {
  await page.getByRole('tab', { name: 'Tune' }).click();
  await page.locator(`[data-param="${K}"]`).fill(value);
  await expect(page.locator(`[data-param="${K}"]`)).toHaveValue(value);
}

async function expectK(page: Page, value: string): Promise<void> {
  await page.getByRole('tab', { name: 'Tune' }).click();
  await expect(page.locator(`[data-param="${K}"]`)).toHaveValue(value);
}

test('a link opens its run by content in another library, says when the run is absent, and asks before replacing a tuned config', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The sender: the two-run file first, then the other.
  await readyApp(page);
  await importFile(page, TWO_RUNS, 8);
  await importFile(page, ONE_RUN, 9);
  await page.getByRole('cell', { name: RUN_X, exact: true }).click();
  await expect(page.getByRole('heading', { name: RUN_X, level: 2 })).toBeVisible();
  const senderId = localId(page);
  await page.goto(`/#/t/${senderId}/turn/12`);
  await expect(page.getByRole('slider', { name: 'Turn' })).toHaveValue('12');
  await tuneK(page, '3');
  await page.getByRole('tab', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/#\/run\/[0-9a-f]{16}-\d+\/2\/turn\/12\?title=neubig%2Fpr-viewer%231&config=[A-Za-z0-9_-]+$/);

  // The receiver stored the same files in the other order: run X has another number there.
  const receiverContext = await browser.newContext();
  const other = await receiverContext.newPage();
  await readyApp(other);
  await importFile(other, ONE_RUN, 7);
  await importFile(other, TWO_RUNS, 9);
  await other.goto(link);
  await expect(other.getByRole('heading', { name: RUN_X, level: 2 })).toBeVisible();
  const receiverId = localId(other);
  expect(receiverId).not.toBe(senderId);
  await expect(other).toHaveURL(new RegExp(`#/t/${receiverId}/turn/12$`));
  await expect(other.getByRole('slider', { name: 'Turn' })).toHaveValue('12');
  // No tuned draft there: applied at once, Undo offered.
  const banner = other.getByRole('region', { name: 'Share link' });
  await expect(banner.getByRole('status')).toHaveText(
    'Share link: applied the config “recommended (tuned)”, measured against recommended.',
  );
  await expect(banner.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expectK(other, '3');
  await shot(other, 'share-link-hash-01-opened-elsewhere');

  // The receiver tunes its own config, then opens the link again: it asks first.
  await tuneK(other, '5');
  await other.goto(link);
  const ask = banner.getByRole('group', { name: 'Replace your config?' });
  await expect(ask).toContainText(
    'Share link: it carries the config “recommended (tuned)”, measured against recommended. Your config “recommended (tuned)” is tuned: replace it?',
  );
  await expect(ask).toContainText('It changes 1 setting: detectors.no-progress.k 5 → 3.');
  await expect(other.getByRole('heading', { name: RUN_X, level: 2 })).toBeVisible();
  await shot(other, 'share-link-hash-02-asks');
  await ask.getByRole('button', { name: 'Keep mine' }).click();
  await expect(banner.getByRole('status')).toHaveText(
    'Share link: kept your config “recommended (tuned)”; the link’s config “recommended (tuned)” was not applied.',
  );
  await expectK(other, '5');

  // Again, Apply: the link's config; Undo: the tuned draft is back, and stays over a reload.
  await other.goto(link);
  await ask.getByRole('button', { name: 'Apply' }).click();
  await expect(banner.getByRole('status')).toContainText('Share link: applied the config');
  await expectK(other, '3');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await expect(banner.getByRole('status')).toHaveText('Share link: your config “recommended (tuned)” is back.');
  await expectK(other, '5');
  await shot(other, 'share-link-hash-03-undone');
  await other.waitForTimeout(500); // the draft is saved 150 ms after a change
  await other.reload();
  await expectK(other, '5');
  await receiverContext.close();

  // A library without run X: it says so, opens nothing, and applies the config only.
  const emptyContext = await browser.newContext();
  const bare = await emptyContext.newPage();
  await readyApp(bare);
  await bare.goto(link);
  const missing = bare.getByRole('region', { name: 'Share link' });
  await expect(missing.getByRole('alert')).toHaveText('This link’s run is not in your library: neubig/pr-viewer#1');
  await expect(missing.getByRole('status')).toHaveText(
    'Share link: applied the config “recommended (tuned)”, measured against recommended.',
  );
  await expect(bare.getByRole('table', { name: 'Library' })).toBeVisible();
  await expect(bare.getByRole('heading', { level: 2, name: 'Library' })).toBeVisible();
  expect(new URL(bare.url()).hash).toBe('#/');
  await expect(bare.getByRole('combobox', { name: 'Config' })).toContainText('Your config (recommended (tuned))');
  await shot(bare, 'share-link-hash-04-missing-run');
  await emptyContext.close();
});

test('a link to a bundled sample, opened on a first visit, finds it once the samples are stored', async ({
  page,
  browser,
}) => {
  const SAMPLE = 'Stuck listing a missing folder';
  await readyApp(page);
  await page.getByRole('cell', { name: SAMPLE, exact: true }).click();
  await expect(page.getByRole('heading', { name: SAMPLE, level: 2 })).toBeVisible();
  await page.goto(`/#/t/${localId(page)}/turn/9`);
  await page.getByRole('tab', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();

  const first = await browser.newContext();
  const visitor = await first.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: SAMPLE, level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByRole('slider', { name: 'Turn' })).toHaveValue('9');
  await expect(visitor.getByRole('region', { name: 'Share link' }).getByRole('status')).toHaveText(
    'Share link: applied the config “recommended”, measured against recommended.',
  );
  await first.close();
});
