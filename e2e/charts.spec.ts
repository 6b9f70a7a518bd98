import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRun } from '../bench/generate';
import { freshApp, libraryRows, shot } from './helpers';

async function openSample(page: Page, title: string, pickPreset = true) {
  await libraryRows(page).filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // These charts are read against the ChatLoop preset (the default, recommended, has no exact-repeat).
  if (pickPreset) await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await page.getByRole('tab', { name: 'Charts' }).click();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The axis titles of a chart card, in drawing order. */
const axisTitles = (c: ReturnType<typeof card>) => c.locator('.axis-title');
/** The fingerprint bars' labels (y axis ticks) and their counts. */
const barLabels = (c: ReturnType<typeof card>) => c.locator('.fp-tick text');
const barCounts = (c: ReturnType<typeof card>) => c.locator('.recharts-label-list text');

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
  await expect(fps.getByText('turn 36', { exact: true })).toBeVisible();
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
  await expect(axisTitles(sweep)).toHaveText(['Max duplicates in window', 'count or turns', 'F1']);
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

test('under the default config, a chart with nothing to show says why and one click fills it', async ({ page }) => {
  await freshApp(page);
  await openSample(page, 'Edit and test oscillation', false);
  // recommended has no cycle-reporting detector: the card says so instead of a blank frame.
  const cycles = card(page, 'Detected cycles over time');
  await expect(cycles).toContainText('none is enabled in this config');
  await page.setViewportSize({ width: 1280, height: 720 });
  await chartShot(page, 'Detected cycles over time', 'charts-00-default-config');
  await cycles.getByRole('button', { name: /^Enable cycle/ }).click();
  await expect(cycles.locator('.recharts-legend-item-text').first()).toContainText(/period \d/);
});

test('fingerprint bars count the turns around the cursor, the whole run on a switch; every axis has a title', async ({
  page,
}) => {
  await freshApp(page);
  await openSample(page, 'Docs writer with recorded LLM judge answers');
  const fps = card(page, 'Fingerprint frequency');
  await fps.getByRole('button', { name: '±10 turns' }).click();
  await expect(fps.getByRole('button', { name: '±10 turns' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('slider', { name: /turn/i }).fill('10');
  await expect(fps.locator('[data-fp-turn="10"]')).toBeVisible();
  // Turns 1-20 write pages 0-19 once each: eight of them, and page 9 (written at turn 10, marked) is
  // kept in place of page 7. The run's most written file, docs/api.md, is not written before turn 33.
  await expect(fps).toContainText('Calls of each fingerprint in turns 1–20 (turn 10 ± 10); ▶ called at turn 10');
  await expect(barLabels(fps)).toHaveText([
    'write content=# Page 0…',
    'write content=# Page 1…',
    'write content=# Page 2…',
    'write content=# Page 3…',
    'write content=# Page 4…',
    'write content=# Page 5…',
    'write content=# Page 6…',
    '▶ write content=# Page 9…',
  ]);
  await expect(barCounts(fps)).toHaveText(['1', '1', '1', '1', '1', '1', '1', '1']);
  await expect(axisTitles(fps)).toHaveText(['calls in the window', 'turn', 'calls']);
  await chartShot(page, 'Fingerprint frequency', 'charts-10-window-turn-10');

  // At turn 36 the window (26-45) has the docs/api.md loop on top, called at this turn.
  await page.getByRole('slider', { name: /turn/i }).fill('36');
  await expect(fps.locator('[data-fp-turn="36"]')).toBeVisible();
  await expect(barLabels(fps).first()).toHaveText('▶ write content=# API In…');
  await expect(barCounts(fps).first()).toHaveText('13');

  // The whole run: its top fingerprint, counted exactly up to the cursor (4 writes of api.md by turn 36).
  await fps.getByRole('button', { name: 'Whole run' }).click();
  await expect(fps.locator('[data-fp-scope="run"]')).toBeVisible();
  await expect(barLabels(fps)).toHaveText(['write content=# API Intr…']);
  await expect(barCounts(fps)).toHaveText(['4']);
  await expect(axisTitles(fps)).toHaveText(['calls so far', 'turn', 'calls']);
  await page.getByRole('slider', { name: /turn/i }).fill('10');
  await expect(barCounts(fps)).toHaveText(['0']);
  await chartShot(page, 'Fingerprint frequency', 'charts-11-whole-run-turn-10');

  await expect(axisTitles(card(page, 'Detected cycles over time'))).toHaveText(['turn', 'repetitions']);
  const checks = card(page, 'LLM check schedule');
  await checks.getByRole('button', { name: 'Enable llm-judge (recorded answers)' }).click();
  await expect(axisTitles(checks)).toHaveText(['turn', 'confidence', 'interval (turns)']);
  await chartShot(page, 'LLM check schedule', 'charts-12-checks-axes');
});

test('on a 100,000-turn run the fingerprint chart is drawn at the first turns and follows the cursor', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-charts-'));
  const file = join(dir, 'big.loop.jsonl');
  const gen = generateRun(140_000);
  const lines: string[] = [];
  let turns = 0;
  for (const l of gen.lines) {
    if (l.startsWith('{"type":"assistant"') && ++turns > 100_000) break;
    lines.push(l);
  }
  writeFileSync(file, lines.join('\n') + '\n');
  try {
    await freshApp(page);
    await page.getByTestId('file-input').setInputFiles(file);
    await expect(page.locator('.transcript-head')).toContainText('100000 turns', { timeout: 120_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.getByRole('tab', { name: 'Charts' }).click();
  const fps = card(page, 'Fingerprint frequency');
  const slider = page.getByRole('slider', { name: /turn/i });
  for (const turn of [11, 41]) {
    await slider.fill(String(turn));
    await expect(fps.locator(`[data-fp-turn="${turn}"]`)).toBeVisible();
    // Window ± 50: the lines cover the turns from 1, one point per turn, so they are drawn.
    await expect(fps).toContainText(`in turns 1–${turn + 50} (turn ${turn} ± 50)`);
    const curves = fps.locator('.recharts-line-curve');
    expect(await curves.count()).toBeGreaterThan(0);
    expect((await curves.first().getAttribute('d'))?.length ?? 0).toBeGreaterThan(100);
    // Whatever is called at this turn has a bar, marked.
    await expect(barLabels(fps).filter({ hasText: '▶' }).first()).toBeVisible();
    await chartShot(page, 'Fingerprint frequency', `charts-13-big-turn-${turn}`);
  }
  // A key step moves the window with the cursor.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(fps.locator('[data-fp-turn="42"]')).toBeVisible();
  await slider.fill('60000');
  await expect(fps).toContainText('in turns 59950–60050 (turn 60000 ± 50)');
  await chartShot(page, 'Fingerprint frequency', 'charts-14-big-turn-60000');
  // Cycles on the big run (chatloop's pattern detector): bucketed to the chart's pixels in the worker.
  await page.getByRole('tab', { name: 'Tune' }).click();
  await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await page.getByRole('tab', { name: 'Charts' }).click();
  const cycles = card(page, 'Detected cycles over time');
  await expect(axisTitles(cycles)).toHaveText(['turn', 'repetitions'], { timeout: 60_000 });
  await chartShot(page, 'Detected cycles over time', 'charts-17-big-cycles-60000');
  // The whole run at turn 41: its top fingerprints, each with a dot at the cursor's count.
  await slider.fill('41');
  await fps.getByRole('button', { name: 'Whole run' }).click();
  await expect(fps.locator('[data-fp-scope="run"][data-fp-turn="41"]')).toBeVisible();
  await expect(fps.locator('circle.cursor-dot')).toHaveCount(await barLabels(fps).count());
  await chartShot(page, 'Fingerprint frequency', 'charts-15-big-whole-run-41');
  await shot(page, 'charts-16-big-charts-tab');
});
