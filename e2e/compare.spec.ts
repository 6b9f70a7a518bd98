import { expect, test, type Page } from '@playwright/test';
import { freshApp, libraryRows, shot } from './helpers';

const OSCILLATION = 'Edit and test oscillation';

const table = (page: Page) => page.getByRole('table', { name: 'Presets compared' });
const row = (page: Page, preset: string) => table(page).locator(`tbody tr[data-preset="${preset}"]`);
const cells = (page: Page, preset: string, cols: string[]) =>
  Promise.all(cols.map((c) => row(page, preset).locator(`td[data-col="${c}"]`).textContent()));
const firstPreset = (page: Page) => table(page).locator('tbody tr').first().getAttribute('data-preset');
const COLS = ['alarms', 'caught', 'missed', 'fp', 'cleanFlagged', 'prematureStops', 'meanLatency', 'tokensSaved', 'f1'];

test('every preset on this transcript and over the library, sortable; a name picks the preset', async ({ page }) => {
  await freshApp(page);
  await libraryRows(page).filter({ hasText: OSCILLATION }).first().click();
  await expect(page.getByRole('heading', { name: OSCILLATION })).toBeVisible();
  await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await page.getByRole('tab', { name: 'Compare' }).click();

  // Values as `npx loopscope eval src/samples/edit-test-oscillation.loop.jsonl --preset NAME --json` gives them.
  // The 23 presets and "Your config" (the draft, here exactly chatloop: its values, no deltas).
  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  await expect(row(page, 'chatloop').locator('td[data-col="alarms"]')).toHaveText('24');
  // Event-based F1: the loop caught, one false alarm (23 alarms inside the loop, 1 outside):
  // precision 1/2, recall 1, F1 2/3. The transcript has a loop, so it is not clean: — flagged.
  expect(await cells(page, 'chatloop', COLS)).toEqual(['24', '1', '0', '1', '—', '0', '0.0', '71.5K', '0.67']);
  expect(await cells(page, 'chatloop-conservative', COLS)).toEqual([
    '12',
    '1',
    '0',
    '1',
    '—',
    '0',
    '5.0',
    '37.7K',
    '0.67',
  ]);
  // No alarm on a labelled loop: latency unknown, F1 0.
  expect(await cells(page, 'crustly', COLS)).toEqual(['0', '0', '1', '0', '—', '0', '—', '0', '0.00']);
  await expect(row(page, 'chatloop').locator('td[data-col="fp"]')).toHaveAttribute(
    'title',
    '1 (1 alarms outside loops)',
  );
  await expect(row(page, 'chatloop').locator('td[data-col="tokensSaved"]')).toHaveAttribute('title', '71,481');
  await expect(row(page, 'chatloop')).toHaveAttribute('aria-current', 'true');
  await shot(page, 'compare-01-transcript');

  // Sort by alarms: most first, then fewest first.
  const alarmsHeader = table(page).getByRole('columnheader', { name: 'Alarms', exact: true });
  await alarmsHeader.getByRole('button').click();
  await expect(alarmsHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await firstPreset(page)).toBe('chatloop-aggressive');
  await alarmsHeader.getByRole('button').click();
  await expect(alarmsHeader).toHaveAttribute('aria-sort', 'ascending');
  // llm-check has no recorded judge answers to replay here: its numbers are unknown (n/a), sorted last.
  expect(await table(page).locator('tbody tr td[data-col="alarms"]').allTextContents()).toEqual([
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '1',
    '1',
    '3',
    '3',
    '6',
    '7',
    '9',
    '9',
    '10',
    '12',
    '12',
    '24',
    '24',
    '26',
    'n/a',
  ]);

  // A click on a name makes it the preset being tuned.
  await table(page).getByRole('button', { name: 'doom-loop', exact: true }).click();
  await expect(row(page, 'doom-loop')).toHaveAttribute('aria-current', 'true');
  await expect(row(page, 'chatloop')).not.toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.metrics-bar')).toContainText('change vs doom-loop');

  // The whole library: the six labelled samples, summed (`npx loopscope eval src/samples --preset NAME --json`).
  await page.getByRole('checkbox', { name: 'Whole library' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'transcripts' })).toHaveText('6 / 6 transcripts');
  await expect(page.getByText('Summed over 6 labelled transcripts.')).toBeVisible();
  await expect(row(page, 'chatloop').locator('td[data-col="alarms"]')).toHaveText('97');
  // chatloop: 12 alarms outside loops make 10 false alarms (some a turn or two apart), all 5
  // loops caught: F1 2·5 / (2·5 + 10 + 0) = 0.50. The one clean sample (healthy docstrings) is flagged.
  expect(await cells(page, 'chatloop', COLS)).toEqual(['97', '5', '0', '10', '1', '1', '1.4', '468K', '0.50']);
  await expect(row(page, 'chatloop').locator('td[data-col="cleanFlagged"]')).toHaveAttribute(
    'title',
    '1 of 1 transcript without a loop',
  );
  // 15 outside alarms, 12 false alarms: 10 / (10 + 12) = 0.45.
  expect(await cells(page, 'chatloop-aggressive', COLS)).toEqual([
    '104',
    '5',
    '0',
    '12',
    '1',
    '2',
    '0.8',
    '576.7K',
    '0.45',
  ]);
  // 1 of 5 loops caught, no false alarm: precision 1, recall 0.2, F1 2 / (2 + 4) = 0.33.
  expect(await cells(page, 'llm-check', COLS)).toEqual(['1', '1', '4', '0', '0', '0', '9.0', '50.3K', '0.33']);
  // 5 loops caught, 1 false alarm (in the swarm sample), no stop (it only warns): F1 10 / 11 = 0.91.
  expect(await cells(page, 'recommended', COLS)).toEqual(['14', '5', '0', '1', '0', '0', '1.8', '0', '0.91']);
  await expect(row(page, 'doom-loop')).toHaveAttribute('aria-current', 'true');

  // Sort by F1, best first.
  const f1 = table(page).getByRole('columnheader', { name: 'F1' });
  await f1.getByRole('button').click();
  await expect(f1).toHaveAttribute('aria-sort', 'descending');
  expect(
    await table(page)
      .locator('tbody tr')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-preset'))),
  ).toEqual([
    // F1 0.91 four times (your config is doom-loop now), 0.89 twice, 0.83 twice, 0.80, 0.75 three
    // times, 0.73 twice, 0.67 four times, 0.50 twice, 0.45, 0.33, 0 twice; ties keep the table's
    // order (your config first).
    'Your config',
    'cycle-escalation',
    'doom-loop',
    'recommended',
    'gemini-cli',
    'openclaw',
    'pydantic-deepagents',
    'hermes-agent',
    'openhands',
    'crustly',
    'docker-agent',
    'octo-agent',
    'openhands-sdk',
    'qwen-code',
    'cline',
    'roo-code',
    'crush',
    'crewai',
    'chatloop',
    'chatloop-conservative',
    'chatloop-aggressive',
    'llm-check',
    'opencode',
    'kilo-code',
  ]);
  await shot(page, 'compare-02-library');

  // Back to this transcript.
  await page.getByRole('checkbox', { name: 'Whole library' }).uncheck();
  await expect(row(page, 'chatloop').locator('td[data-col="alarms"]')).toHaveText('24');
});
