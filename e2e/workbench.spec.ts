import { expect, test } from '@playwright/test';
import { corpus, dropFiles, freshApp, shot } from './helpers';

// A real SWE-agent run with near-identical curl retries at turns 12-19 (corpus README).
const TRAJ = 'swe-agent/trajectories/demonstrations/ctf/web/i_got_id_demo.traj';

test('scrub a real transcript, label its loop, tune a threshold, switch preset, reload: all kept', async ({ page }) => {
  await freshApp(page);
  await dropFiles(page, [{ name: 'i_got_id_demo.traj', content: corpus(TRAJ) }]);
  await expect(page.getByRole('status').filter({ hasText: 'i_got_id_demo.traj' })).toContainText(
    '1 transcript, 21 turns (swe-agent)',
  );
  const slider = page.getByRole('slider', { name: 'Turn' });
  await expect(slider).toHaveValue('1');

  // Keyboard scrubbing moves the cursor, the detail and the URL.
  await page.locator('main').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('End');
  await expect(page.locator('.turn-readout')).toHaveText('Turn 21 / 21');
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator('.turn-readout')).toHaveText('Turn 4 / 21');
  await expect(page.getByRole('article', { name: 'Turn 4' })).toBeVisible();
  await expect(page).toHaveURL(/\/turn\/4$/);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('article', { name: 'Turn 3' })).toBeVisible();

  // Without labels the app says FP and FN need them.
  await expect(page.locator('.metrics-bar')).toContainText('False alarms and missed loops need labels');

  await page.getByRole('tab', { name: 'Tune' }).click();
  await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await page.getByRole('tab', { name: 'Labels' }).click();
  await page.getByLabel('From turn').fill('12');
  await page.getByLabel('To turn').fill('19');
  await page.getByRole('button', { name: 'Mark as loop' }).click();
  await expect(page.locator('[data-metric="missed"]')).toHaveText('1');
  await expect(page.locator('[data-metric="caught"]')).toHaveText('0');
  await shot(page, 'workbench-01-labelled-missed');

  // chatloop misses near-identical retries; similar-args catches them. Its alarms outside the loop
  // (turns 6, 7 and 20) are 2 false alarms: 6 and 7 are one episode. Caught 1, so F1 2 / (2 + 2) = 0.50.
  await page.getByRole('tab', { name: 'Tune' }).click();
  await page.locator('[data-param="detectors.similar-args.enabled"]').check();
  await expect(page.locator('[data-metric="caught"]')).toHaveText('1');
  await expect(page.locator('[data-metric="fp"]')).toHaveText('2');
  await expect(page.locator('[data-metric="tp"]')).toHaveText('6');
  await expect(page.locator('[data-metric="f1"]')).toHaveText('0.50');
  await expect(page.locator('[data-metric="latency"]')).toHaveText('2.0');
  // SWE-agent trajectories carry no token counts: unknown, not 0.
  await expect(page.locator('[data-metric="tokens-wasted"]')).toHaveText('n/a');
  await expect(page.locator('[data-metric="clean-flagged"]')).toHaveText('—');
  // A stricter threshold: fewer alarms in the loop (6 → 4), caught a turn later; outside, turns 7
  // and 20 are still 2 false alarms.
  await page.locator('[data-param="detectors.similar-args.threshold"]').fill('0.9');
  await expect(page.locator('[data-metric="tp"]')).toHaveText('4');
  await expect(page.locator('[data-metric="latency"]')).toHaveText('3.0');
  await expect(page.locator('[data-metric="fp"]')).toHaveText('2');
  await expect(page.locator('[data-metric="f1"]')).toHaveText('0.50');
  await shot(page, 'workbench-02-tuned');

  // Switching preset swaps the controls.
  await page.getByLabel('Preset', { exact: true }).selectOption('crustly');
  const threshold = page.locator('[data-param="detectors.consecutive-repeat.defaultThreshold"]');
  await expect(threshold).toHaveValue('3');
  await threshold.fill('4');
  await expect(threshold).toHaveValue('4');
  await page.waitForTimeout(400); // the draft is written back debounced

  await page.reload();
  await expect(page.locator('.turn-readout')).toHaveText('Turn 3 / 21');
  await expect(page.getByLabel('Preset', { exact: true })).toHaveValue('crustly');
  await expect(page.locator('[data-param="detectors.consecutive-repeat.defaultThreshold"]')).toHaveValue('4');
  await expect(page.locator('[data-metric="missed"]')).toHaveText('1');
  await page.getByRole('tab', { name: 'Labels' }).click();
  await expect(page.getByRole('list', { name: 'Labels' })).toContainText('12');
  await shot(page, 'workbench-03-after-reload');
});
