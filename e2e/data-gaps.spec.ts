import { expect, test } from '@playwright/test';
import { corpus, downloaded, dropFiles, libraryRows, readyApp, shot } from './helpers';

test('llm-check on a run without recorded judge answers says so in the metrics bar and Compare', async ({ page }) => {
  await readyApp(page);
  await libraryRows(page).filter({ hasText: 'Edit and test oscillation' }).click();
  const bar = page.locator('.metrics-bar');
  await expect(page.locator('[data-metric="tp"]')).toHaveText('3');
  await expect(bar.getByTestId('data-warning')).toHaveCount(0);
  await page.getByLabel('Preset', { exact: true }).selectOption('llm-check');
  await expect(bar.getByTestId('data-warning')).toHaveText(
    '⚠ no recorded judge answers: llm-check shows model unavailable',
  );
  // Only the judge could fire and it has nothing to replay: every number is unknown, not 0.
  for (const metric of ['f1', 'caught', 'missed', 'fp', 'tp', 'tokens-saved'])
    await expect(page.locator(`[data-metric="${metric}"]`)).toHaveText('n/a');
  // The timeline's judge row says the same: its count is unknown, not 0.
  await expect(page.getByRole('list', { name: 'Timeline rows' }).getByRole('listitem')).toHaveText([
    'labels',
    'llm-judgen/a',
    'turn',
  ]);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByTestId('compare-data-warning').getByRole('listitem')).toHaveText([
    '⚠ no recorded judge answers: llm-check shows model unavailable',
    '⚠ no recorded judge answers: gemini-cli shows model unavailable',
  ]);
  const compared = page.getByRole('table', { name: 'Presets compared' });
  await expect(compared.locator('tbody tr[data-preset="llm-check"] td')).toHaveText(Array(9).fill('n/a'));
  await expect(compared.locator('tbody tr[data-preset="llm-check"] td[data-col="alarms"]')).toHaveAttribute(
    'title',
    'n/a: only the LLM judge could raise alarms, and the run has no recorded answers',
  );
  // gemini-cli has other detectors: its alarms are counted (the judge's part is what the warning is about).
  await expect(compared.locator('tbody tr[data-preset="gemini-cli"] td[data-col="alarms"]')).not.toHaveText('n/a');
  await shot(page, 'data-gaps-01-llm-check');
  // The Markdown report says it the same way.
  await page.getByRole('tab', { name: 'Share' }).click();
  const { text: report } = await downloaded(page, () => page.getByRole('button', { name: 'Download report' }).click());
  expect(report).toContain('| F1 | n/a |  |');
  expect(report).toContain('| Alarms | n/a |  |');
  expect(report).toContain('> ⚠ no recorded judge answers: llm-check shows model unavailable');
  await page.getByRole('tab', { name: 'Compare' }).click();
  // Over the library: how many of the summed runs lack them (all labelled samples but the judge one).
  await page.getByRole('checkbox', { name: 'Whole library' }).check();
  await expect(page.getByTestId('compare-data-warning')).toHaveText(
    '⚠ 5 of 6 runs have no recorded judge answers: llm-check and gemini-cli show model unavailable on them',
  );
  await page.getByRole('checkbox', { name: 'Whole library' }).uncheck();

  // The sample with recorded answers: no warning.
  await page.getByRole('link', { name: '← Library' }).click();
  await libraryRows(page).filter({ hasText: 'Docs writer with recorded LLM judge answers' }).click();
  await expect(page.getByRole('heading', { name: 'Docs writer with recorded LLM judge answers' })).toBeVisible();
  await expect(page.getByLabel('Preset', { exact: true })).toHaveValue('llm-check');
  await expect(page.locator('.metrics-bar')).not.toContainText('Replaying');
  await expect(page.getByTestId('data-warning')).toHaveCount(0);
  await expect(page.locator('.timeline-label-count')).not.toHaveText(['n/a']);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('table', { name: 'Presets compared' })).toBeVisible();
  await expect(page.getByTestId('compare-data-warning')).toHaveCount(0);
});

test('a run without token counts shows tokens as n/a, not 0, in the metrics bar and Compare', async ({ page }) => {
  await readyApp(page);
  // A real SWE-agent run (no token counts) with a loop at turns 12-19.
  await dropFiles(page, [
    { name: 'i_got_id_demo.traj', content: corpus('swe-agent/trajectories/demonstrations/ctf/web/i_got_id_demo.traj') },
  ]);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Labels' }).click();
  await page.getByLabel('From turn').fill('12');
  await page.getByLabel('To turn').fill('19');
  await page.getByRole('button', { name: 'Mark as loop' }).click();
  await expect(page.locator('[data-metric="tokens-wasted"]')).toHaveText('n/a');
  await expect(page.locator('[data-metric="tokens-saved"]')).toHaveText('n/a');
  await expect(page.getByTestId('data-warning')).toHaveText(
    '⚠ no token counts in this run: tokens wasted and saved show n/a',
  );
  await page.getByRole('tab', { name: 'Compare' }).click();
  const cells = page.getByRole('table', { name: 'Presets compared' }).locator('td[data-col="tokensSaved"]');
  // 23 presets and "Your config" (the draft).
  await expect(cells).toHaveCount(24);
  await expect(cells).toHaveText(Array(24).fill('n/a'));
  await page.getByRole('tab', { name: 'Share' }).click();
  const { text: report } = await downloaded(page, () => page.getByRole('button', { name: 'Download report' }).click());
  expect(report).toContain('| Tokens wasted in loops before the first alarm | n/a |  |');
  expect(report).toContain('| Tokens saved by the stop | n/a |  |');
  expect(report).toContain('> ⚠ no token counts in this run: tokens wasted and saved show n/a');
});
