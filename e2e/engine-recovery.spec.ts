import { expect, test } from '@playwright/test';
import { freshApp, shot } from './helpers';

const SAMPLE = 'Stuck listing a missing folder';

test('a replay whose worker dies says why with Retry; Retry replays in a new worker', async ({ page }) => {
  await freshApp(page);
  await page.getByRole('cell', { name: SAMPLE, exact: true }).click();
  const preset = page.getByRole('combobox', { name: 'Preset' });
  const metrics = page.locator('.metrics-bar');
  const fp = page.locator('[data-metric="fp"]');
  await expect(fp).toHaveText(/^\d+$/);
  const before = await metrics.textContent();

  // The engine worker dies before it can answer the next call: instead of replying it throws
  // outside any call, as a crash does.
  const engine = page.workers().find((w) => w.url().includes('engine.worker'));
  expect(engine).toBeDefined();
  await engine!.evaluate(() => {
    self.postMessage = () => {
      setTimeout(() => {
        throw new Error('simulated crash');
      });
    };
  });
  await preset.selectOption('crustly');
  const alert = page.getByRole('alert').filter({ hasText: 'simulated crash' });
  await expect(alert).toHaveText('The replay failed: the engine stopped: Uncaught Error: simulated crashRetry');
  await shot(page, 'engine-failed');

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(fp).toHaveText(/^\d+$/);
  await preset.selectOption('recommended');
  await expect(metrics).toHaveText(before!);
});
