import { expect, test, type Page } from '@playwright/test';
import { freshApp, libraryRows, shot } from './helpers';

async function openSample(page: Page, title: string, pickPreset = true) {
  await libraryRows(page).filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // These charts are read against seed 001's preset (the default, recommended, has no exact-repeat).
  if (pickPreset) await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await page.getByRole('tab', { name: 'Charts' }).click();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function chartShot(page: Page, title: string, name: string) {
  await page.mouse.move(0, 0); // no tooltip in the picture
  const c = card(page, title);
  await c.scrollIntoViewIfNeeded();
  await c.screenshot({ path: `test-results/screenshots/${name}.png` });
}

test('charts follow the scrubber, the judge can be enabled, and a sweep sets a parameter', async ({ page }) => {
  await freshApp(page);
  await openSample(page, 'Docs writer with recorded LLM judge answers');
  const slider = page.getByRole('slider', { name: /turn/i });
  await slider.fill('36');

  // Fingerprint frequency: bars with counts so far and cumulative lines with a legend.
  const fps = card(page, 'Fingerprint frequency');
  await expect(fps.locator('.recharts-wrapper > svg.recharts-surface').first()).toBeVisible();
  await expect(fps.locator('.recharts-legend-item-text').first()).toContainText('write');
  await expect(fps.getByText('turn 36')).toBeVisible();
  await chartShot(page, 'Fingerprint frequency', 'charts-01-fingerprints');

  // Detected cycles: one series per detector and period, named in the legend.
  const cycles = card(page, 'Detected cycles over time');
  await expect(cycles.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expect(cycles.locator('.recharts-legend-item-text').first()).toContainText(/period \d/);
  await chartShot(page, 'Detected cycles over time', 'charts-02-cycles');

  // LLM checks: off in the default preset; one click turns the judge on with recorded answers.
  const checks = card(page, 'LLM check schedule');
  await expect(checks).toContainText('The LLM judge is off');
  await checks.getByRole('button', { name: 'Enable llm-judge (recorded answers)' }).click();
  await expect(checks.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  const legend = checks.locator('.recharts-legend-item-text');
  await expect(legend.filter({ hasText: 'flash (recorded)' })).toBeVisible();
  await expect(legend.filter({ hasText: 'pro (recorded)' })).toBeVisible();
  await expect(legend.filter({ hasText: 'next interval' })).toBeVisible();
  await expect(checks.getByText('threshold 0.9')).toBeVisible();
  // Up to turn 36 there are checks at 30 and 33; at the end the check of turn 42 joins with a
  // flash and a pro answer (both above 0.9: the loop is confirmed there).
  const symbols = checks.locator('.recharts-scatter-symbol path');
  await expect(symbols).toHaveCount(2);
  await chartShot(page, 'LLM check schedule', 'charts-03-checks-turn-36');
  await page.keyboard.press('End');
  await expect(checks.getByText('turn 45')).toBeVisible();
  await expect(symbols).toHaveCount(4);
  await expect(legend.filter({ hasText: 'model unavailable' })).toHaveCount(0);
  await chartShot(page, 'LLM check schedule', 'charts-04-checks-end');

  // Threshold sweep over exact-repeat's max duplicates; the sample has a loop label, so false alarms and missed loops show.
  const sweep = card(page, 'Threshold sweep');
  const select = sweep.getByLabel('Sweep parameter');
  await select.selectOption('detectors.exact-repeat.maxDuplicates');
  await expect(sweep.getByLabel('Sweep from')).toHaveValue('1');
  await expect(sweep.getByLabel('Sweep to')).toHaveValue('10');
  await sweep.getByRole('button', { name: 'Run sweep (10 values)' }).click();
  const chart = sweep.locator('.sweep-chart > svg.recharts-surface');
  await expect(chart).toBeVisible();
  for (const name of ['false alarms', 'missed loops', 'mean latency (turns)', 'F1 (right)'])
    await expect(sweep.locator('.recharts-legend-item-text').filter({ hasText: name })).toBeVisible();
  await expect(sweep.getByText('now 2', { exact: true })).toBeVisible();
  await chartShot(page, 'Threshold sweep', 'charts-05-sweep');

  // A click on the chart at a value sets the parameter; the table's buttons do the same.
  const dots = sweep.locator('.recharts-line-dots').first().locator('circle.sweep-dot');
  await expect(dots).toHaveCount(10);
  await dots.nth(4).click({ force: true }); // dots of other lines at the same value lie on top: same value
  await expect(select.locator('option:checked')).toHaveText(/\(now 5\)/);
  await expect(sweep.getByText('now 5', { exact: true })).toBeVisible();
  await sweep.getByText('Values as a table').click();
  // maxDuplicates 2 (`loopscope sweep ... --json` with chatloop + the recorded judge enabled above):
  // 22 alarms (21 exact-repeat / pattern, the judge's stop at 42), all inside the loop (33-45): no
  // false alarm, nothing missed, caught 2 turns after its start, F1 1. No clean transcript: –.
  await expect(sweep.locator('.sweep-table tbody tr').nth(1).locator('td')).toHaveText([
    '2',
    '22',
    '22 / 0',
    '0',
    '0',
    '–',
    '2',
    '1',
    'Use',
  ]);
  await sweep.getByRole('button', { name: 'Set Max duplicates in window to 3' }).click();
  await expect(select.locator('option:checked')).toHaveText(/\(now 3\)/);
  await expect(sweep.getByText(/changed since this sweep/)).toHaveCount(0);

  // Wide view: the charts take the width under the table, two by two.
  await page.getByRole('button', { name: 'Wide view' }).click();
  await expect(page.getByRole('button', { name: 'Wide view' })).toHaveAttribute('aria-pressed', 'true');
  await card(page, 'Fingerprint frequency').scrollIntoViewIfNeeded();
  await shot(page, 'charts-06-wide');
  await page.getByRole('button', { name: 'Wide view' }).click();

  // Another transcript: the oscillation sample has cycles but is too short for a judge check.
  await page.getByRole('link', { name: 'Loopscope' }).click();
  await openSample(page, 'Edit and test oscillation', false);
  await expect(card(page, 'LLM check schedule')).toContainText(
    'the first check is at turn 30 and this transcript has 18 turns',
  );
  const osc = card(page, 'Detected cycles over time');
  await expect(osc.locator('.recharts-legend-item-text').first()).toContainText(/period \d/);
  await page.keyboard.press('End');
  await expect(
    card(page, 'Fingerprint frequency').locator('.recharts-wrapper > svg.recharts-surface').first(),
  ).toBeVisible();
  await chartShot(page, 'Detected cycles over time', 'charts-07-oscillation-cycles');
  await chartShot(page, 'Fingerprint frequency', 'charts-08-oscillation-fingerprints');
  await shot(page, 'charts-09-side-panel');
});
