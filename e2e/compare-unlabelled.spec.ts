/**
 * On one run: Compare on a run nobody labelled shows per config what it can
 * still tell (alarms, the turn it would stop at, or —) and n/a for F1, not blank or zero columns.
 *
 * Expected values: `npx loopscope detect ls-unlabelled.loop.jsonl --preset NAME --json` on the
 * bundled sample missing-path-ls-loop without its label lines (alarms: the events, all at or
 * above warn; "would stop": `stoppedAt.turn`).
 */
import { expect, test, type Page } from '@playwright/test';
import { dropFiles, readyApp, shot, unlabelledSample } from './helpers';

const TITLE = 'Stuck listing, not labelled';
const COLS = ['f1', 'alarms', 'stopAt', 'tokensSaved'];

/** Preset: [alarms, would stop at]. */
const EXPECTED: Record<string, [string, string]> = {
  chatloop: ['19', '10'],
  'chatloop-conservative': ['12', '13'],
  'chatloop-aggressive': ['20', '8'],
  crustly: ['2', '—'],
  'cycle-escalation': ['11', '9'],
  'doom-loop': ['10', '—'],
  // No recorded judge answers, and only the judge could fire: unknown, not 0.
  'llm-check': ['n/a', 'n/a'],
  'gemini-cli': ['8', '11'],
  openhands: ['9', '9'],
  'openhands-sdk': ['10', '10'],
  openclaw: ['1', '—'],
  'docker-agent': ['2', '10'],
  opencode: ['0', '—'],
  'octo-agent': ['8', '10'],
  'pydantic-deepagents': ['13', '—'],
  'qwen-code': ['1', '8'],
  cline: ['2', '10'],
  'roo-code': ['3', '—'],
  'kilo-code': ['0', '—'],
  // Reported at every step once 6 of the last 10 are the same (the run would have ended at the first).
  crush: ['8', '11'],
  crewai: ['11', '—'],
  'hermes-agent': ['4', '10'],
  recommended: ['3', '—'],
};

const table = (page: Page) => page.getByRole('table', { name: 'Presets compared' });
const row = (page: Page, name: string) => table(page).locator(`tbody tr[data-preset="${name}"]`);

test('Compare on one unlabelled run: alarms and the stop turn per preset, F1 n/a', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await readyApp(page);
  await dropFiles(page, [
    {
      name: 'ls-unlabelled.loop.jsonl',
      content: unlabelledSample('missing-path-ls-loop.loop.jsonl', 'Stuck listing a missing folder', TITLE),
    },
  ]);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  // The metrics bar says what an unlabelled run can: its alarms and the loops they are about.
  await expect(page.locator('[data-metric="alarms"]')).toHaveText(EXPECTED.recommended[0]);
  await expect(page.locator('[data-metric="loops-seen"]')).toHaveText('1');
  await page.getByLabel('Preset', { exact: true }).selectOption('chatloop');
  await expect(page.locator('[data-metric="alarms"]')).toHaveText(EXPECTED.chatloop[0]);
  await expect(page.locator('[data-metric="loops-seen"]')).toHaveText('1');
  await page.getByRole('tab', { name: 'Compare' }).click();

  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Preset',
    'F1',
    'Alarms',
    'Would stop',
    'Tokens saved',
  ]);
  await expect(page.getByText('No labels on this transcript')).toContainText('F1 needs labels (n/a)');
  const seen: Record<string, [string, string]> = {};
  for (const name of Object.keys(EXPECTED)) {
    const [f1, alarms, stopAt] = await Promise.all(
      COLS.slice(0, 3).map((c) => row(page, name).locator(`td[data-col="${c}"] .v`).textContent()),
    );
    expect(f1, name).toBe('n/a');
    seen[name] = [alarms!, stopAt!];
  }
  expect(seen).toEqual(EXPECTED);
  // Your config is chatloop as it is: the same values, no deltas.
  await expect(row(page, 'Your config').locator('td[data-col="stopAt"] .v')).toHaveText('10');
  await expect(row(page, 'Your config').locator('.cell-delta')).toHaveCount(0);
  await expect(row(page, 'chatloop').locator('td[data-col="stopAt"]')).toHaveAttribute('title', 'stops at turn 10');
  await expect(row(page, 'crustly').locator('td[data-col="stopAt"]')).toHaveAttribute('title', 'would not stop');
  await expect(row(page, 'chatloop').locator('td[data-col="f1"]')).toHaveAttribute('title', 'needs labels');

  // Sorting by the stop turn: the earliest stop first, runs not stopped last.
  const stopHeader = table(page).getByRole('columnheader', { name: 'Would stop at turn' });
  await stopHeader.getByRole('button').click();
  await stopHeader.getByRole('button').click();
  await expect(stopHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table(page).locator('tbody tr').first()).toHaveAttribute('data-preset', 'chatloop-aggressive');
  await shot(page, 'compare-unlabelled-01-one-run');
});
