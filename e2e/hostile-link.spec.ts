import { expect, test } from '@playwright/test';
import { freshApp, libraryRows, shot } from './helpers';

/**
 * Issue 11: a 520 KB share link used to inflate on the main thread for ~30 s and then apply. It is
 * now refused by its length before any decoding: the message shows at once, the page stays
 * responsive and the current config is kept.
 */
test('an oversized share link is refused at once with a message; the page stays responsive', async ({ page }) => {
  await freshApp(page);
  const payload = 'A'.repeat(520 * 1024);
  const t0 = Date.now();
  await page.goto(`/#/?config=${payload}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Share link: the config in this link is 532,480 characters, over the 16,384-character limit for a link (save the config to a file and load it instead). Your current config is kept.',
  );
  expect(Date.now() - t0).toBeLessThan(10_000);
  // Responsive: a script runs at once and the library still answers clicks.
  const start = await page.evaluate(() => performance.now());
  const ran = await page.evaluate(() => performance.now());
  expect(ran - start).toBeLessThan(500);
  await expect(libraryRows(page).first()).toBeVisible();
  // The fragment lost its payload (the link is used once).
  expect(await page.evaluate(() => location.hash.length)).toBeLessThan(100);
  await shot(page, 'hostile-link-refused');
});
