import { expect, test } from '@playwright/test';
import { deflateSync, strToU8 } from 'fflate';
import { freshApp, libraryRows, recordDialogs, shot } from './helpers';

/**
 * a 520 KB share link used to inflate on the main thread for ~30 s and then apply. It is
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

test('a run link’s title is text, cleaned and clipped; a damaged run part is named and opens nothing', async ({
  page,
}) => {
  const dialogs = recordDialogs(page);
  await freshApp(page);
  const title = `<img src=x onerror=alert(1)>\u202Etxt.exe<script>alert(2)</script>${'z'.repeat(5000)}`;
  const config = Buffer.from(deflateSync(strToU8('{"name":"<b>n</b>","detectors":{}}'))).toString('base64url');
  await page.goto(`/#/run/0123456789abcdef-77/1/turn/3?title=${encodeURIComponent(title)}&config=${config}`);
  const banner = page.getByRole('region', { name: 'Share link' });
  const shown = `This link’s run is not in your library: <img src=x onerror=alert(1)> txt.exe<script>alert(2)</script>${'z'.repeat(58)}…`; // 120 characters
  await expect(banner.getByRole('alert')).toHaveText(shown);
  await expect(banner.getByRole('status')).toHaveText(
    'Share link: applied the config “<b>n</b>”, measured against recommended.',
  );
  expect(await page.locator('img[src="x"], main script, .link-banner b').count()).toBe(0);
  expect(new URL(page.url()).hash).toBe('#/');
  await shot(page, 'hostile-link-title');

  // A run part that does not parse: said, nothing opened, the config still offered.
  await page.goto(`/#/run/..%2F..%2Fetc/1/turn/3?title=x&config=${config}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Share link: the run' }).locator('.import-message'),
  ).toHaveText(
    'Share link: the run in this link cannot be read (its run’s content hash is not 16 hex digits, a dash and a byte length).',
  );
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  expect(dialogs).toEqual([]);
});
