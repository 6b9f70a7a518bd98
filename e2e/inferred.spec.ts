/**
 * Inferred errors, rejected and text-written calls in the turn table and the detail, and the
 * Tune panel switch that hides text-written calls from the detectors.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dropFiles, freshApp, shot } from './helpers';

const TITLE = 'Inferred errors and text-written calls';
const fixture = readFileSync(new URL('../src/import/fixtures/inferred-textual.loop.jsonl', import.meta.url));

test('marks text-written and rejected calls and inferred errors; the switch silences text-written calls', async ({
  page,
}) => {
  await freshApp(page);
  await dropFiles(page, [{ name: 'inferred-textual.loop.jsonl', content: fixture }]);
  // A file of one transcript opens at once.
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();

  const table = page.getByRole('table', { name: 'Turns' });
  const row = (call: number) =>
    table.getByRole('row').filter({ has: page.locator(`[role=cell]:nth-child(2):text-is("${call}")`) });
  // Call 1: SWE-agent's `cd` error, no flag in the file: inferred, with the rule in the tooltip.
  await expect(row(1).locator('.mark.inferred')).toHaveText('error?');
  await expect(row(1).locator('[role=cell]').nth(4)).toHaveAttribute('title', /rule no-such-file/);
  // Call 3 was flagged by the file: a plain error, no question mark.
  await expect(row(3)).toHaveClass(/ error/);
  await expect(row(3).locator('.mark.inferred')).toHaveCount(0);
  await expect(row(4).locator('.mark.rejected')).toHaveText('rejected');
  for (const call of [5, 6, 7]) await expect(row(call).locator('.mark.textual')).toHaveText('text');

  await page.getByRole('combobox', { name: 'Preset' }).selectOption('doom-loop');
  await expect(row(7).locator('i[title="doom-loop"]')).toHaveCount(1);
  await row(4).click();
  await expect(page.getByRole('article', { name: 'Turn 4' }).locator('.chip.rejected')).toHaveText('rejected');
  await expect(page.getByRole('article', { name: 'Turn 4' }).locator('.chip.error.inferred')).toHaveText(
    'error? (rejected)',
  );
  await shot(page, 'inferred-marks');

  await page.locator('[data-param="ignoreTextualCalls"]').check();
  await expect(row(7).locator('i[title="doom-loop"]')).toHaveCount(0);
  await row(7).click();
  await expect(page.getByRole('article', { name: 'Turn 7' }).locator('.chip.textual')).toHaveText('text-written');
  await shot(page, 'inferred-ignored');
});
