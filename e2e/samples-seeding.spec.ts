import { expect, test } from '@playwright/test';
import { libraryRows, shot, storedCount } from './helpers';

test('a page reloaded while the samples are first stored gets all six after the reload', async ({ page }) => {
  await page.goto('/');
  // Reload as soon as the first sample is in: the rest were still being stored.
  await expect.poll(() => storedCount(page).catch(() => 0), { intervals: [10] }).toBeGreaterThan(0);
  const before = await storedCount(page);
  test.info().annotations.push({ type: 'stored before the reload', description: String(before) });
  await page.reload();
  await expect(libraryRows(page)).toHaveCount(6);
  await expect.poll(() => storedCount(page)).toBe(6);
  await expect(page.getByRole('button', { name: 'Restore samples', exact: true })).toBeDisabled();
  await shot(page, 'samples-seeding-01-after-reload');
});
