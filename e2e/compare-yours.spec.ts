/**
 * Compare shows the config being tuned ("Your config") and saved configs beside
 * the presets, with deltas against the preset they started from, and over the whole library it
 * counts runs without labels apart (alarms, runs alarmed, runs stopped; no F1).
 *
 * Expected values come from the CLI on the same files: the tuned config is chatloop with
 * exact-repeat maxDuplicates 4 (`/tmp/md4.json`, basedOn chatloop):
 *   npx loopscope eval src/samples/healthy-docstrings.loop.jsonl --config md4.json --json
 *   npx loopscope eval src/samples --config md4.json --json
 *   npx loopscope detect <the four unlabelled files> --config md4.json --json
 * (alarms: events at or above the counted action, warn; stopped: `stoppedAt` set).
 */
import { expect, test, type Page } from '@playwright/test';
import { corpus, dropFiles, libraryRows, readyApp, shot, storedCount, unlabelledSample } from './helpers';

const HEALTHY = 'Healthy: docstrings module by module';
const MAX_DUP = 'detectors.exact-repeat.maxDuplicates';
const COLS = ['f1', 'alarms', 'caught', 'missed', 'fp', 'cleanFlagged', 'prematureStops', 'meanLatency', 'tokensSaved'];
const UNLABELLED = ['uAlarms', 'uAlarmed', 'uStopped'];

const table = (page: Page) => page.getByRole('table', { name: 'Presets compared' });
const row = (page: Page, name: string) => table(page).locator(`tbody tr[data-preset="${name}"]`);
const values = (page: Page, name: string, cols: string[]) =>
  Promise.all(cols.map((c) => row(page, name).locator(`td[data-col="${c}"] .v`).textContent()));
/** The deltas shown in a row, by column (columns without one left out). */
async function deltas(page: Page, name: string): Promise<Record<string, string>> {
  return row(page, name)
    .locator('td')
    .evaluateAll((tds) =>
      Object.fromEntries(
        tds
          .filter((td) => td.querySelector('.cell-delta'))
          .map((td) => [td.getAttribute('data-col'), td.querySelector('.cell-delta')!.textContent]),
      ),
    );
}

const CTF = 'swe-agent/trajectories/demonstrations/ctf/crypto';

test('your tuned config and a saved config beside the presets, with deltas; unlabelled runs counted apart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await readyApp(page);
  // Four runs without labels: three real SWE-agent runs and a stuck one.
  await dropFiles(page, [
    {
      name: 'ls-loop-unlabelled.loop.jsonl',
      content: unlabelledSample(
        'missing-path-ls-loop.loop.jsonl',
        'Stuck listing a missing folder',
        'Stuck listing, not labelled',
      ),
    },
    { name: 'BabyEncryption.traj', content: corpus(`${CTF}/BabyEncryption.traj`) },
    { name: 'eps.traj', content: corpus(`${CTF}/eps.traj`) },
    { name: 'katy.traj', content: corpus(`${CTF}/katy.traj`) },
  ]);
  await expect.poll(() => storedCount(page), { timeout: 30_000 }).toBe(10);

  await libraryRows(page).filter({ hasText: HEALTHY }).first().click();
  await expect(page.getByRole('heading', { name: HEALTHY })).toBeVisible();
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('chatloop');
  // Tune: exact repeats allowed up to 4 instead of 2.
  const maxDup = page.locator(`[data-param="${MAX_DUP}"]`);
  await maxDup.fill('4');
  await maxDup.blur();
  await expect(page.getByText('1 setting differs from chatloop.')).toBeVisible();
  await page.getByRole('tab', { name: 'Compare' }).click();

  // On this run (progress labels only, no loop: no F1, latency or caught to speak of).
  // chatloop: 8 alarms, 8 false alarms, the clean run flagged and stopped early, 163,355 tokens after the stop.
  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  await expect(row(page, 'Your config').locator('th')).toContainText('Your config');
  await expect(row(page, 'Your config').locator('th')).toContainText('vs chatloop · 1 change');
  await expect(row(page, 'Your config').locator('.row-base')).toHaveAttribute(
    'title',
    'exact-repeat.maxDuplicates: 2 → 4',
  );
  expect(await values(page, 'chatloop', COLS)).toEqual(['—', '8', '0', '0', '8', '1', '1', '—', '163.4K']);
  // Tuned: no alarm at all on the healthy run.
  expect(await values(page, 'Your config', COLS)).toEqual(['—', '0', '0', '0', '0', '0', '0', '—', '0']);
  expect(await deltas(page, 'Your config')).toEqual({
    alarms: '−8',
    fp: '−8',
    cleanFlagged: '−1',
    prematureStops: '−1',
    tokensSaved: '−163.4K',
  });
  await expect(row(page, 'Your config').locator('td[data-col="fp"] .cell-delta')).toHaveClass(/better/);
  await expect(row(page, 'Your config').locator('td[data-col="tokensSaved"] .cell-delta')).toHaveClass(/worse/);
  await expect(row(page, 'Your config').locator('td[data-col="fp"]')).toHaveAttribute(
    'title',
    '0 (0 alarms outside loops) (−8 vs chatloop)',
  );

  // Save it; it becomes a row of its own, with the same values and deltas.
  await page.getByRole('textbox', { name: 'Name for your config' }).fill('dup4');
  await page.getByRole('button', { name: 'Save config' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText('Saved as “dup4”.');
  await expect(row(page, 'Saved: dup4')).toBeVisible();
  expect(await values(page, 'Saved: dup4', COLS)).toEqual(await values(page, 'Your config', COLS));
  expect(await deltas(page, 'Saved: dup4')).toEqual(await deltas(page, 'Your config'));
  await shot(page, 'compare-yours-01-transcript-1440');
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, 'compare-yours-02-transcript-1024');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The whole library: six labelled samples summed, four runs without labels counted apart.
  await page.getByRole('checkbox', { name: 'Whole library' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'transcripts' })).toHaveText('10 / 10 transcripts');
  await expect(
    page.getByText(
      'Summed over 6 labelled transcripts; 4 without labels counted apart (alarms and stops only, no F1).',
    ),
  ).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Labelled: 6 runs' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Without labels: 4 runs' })).toBeVisible();
  // chatloop as compare.spec pins it; without labels: 24 alarms on 3 of the 4 runs, the stuck one stopped.
  expect(await values(page, 'chatloop', COLS)).toEqual(['0.50', '97', '5', '0', '10', '1', '1', '1.4', '468K']);
  expect(await values(page, 'chatloop', UNLABELLED)).toEqual(['24', '3', '1']);
  // Tuned: 4 of 5 loops caught, 2 false alarms: F1 8 / (8 + 2 + 1) = 0.73; mean latency 1.25.
  // Without labels: 18 alarms on 2 runs (BabyEncryption no longer alarmed), the stuck one still stopped.
  expect(await values(page, 'Your config', COLS)).toEqual(['0.73', '77', '4', '1', '2', '0', '0', '1.3', '280.1K']);
  expect(await values(page, 'Your config', UNLABELLED)).toEqual(['18', '2', '1']);
  expect(await deltas(page, 'Your config')).toEqual({
    f1: '+0.23',
    alarms: '−20',
    caught: '−1',
    missed: '+1',
    fp: '−8',
    cleanFlagged: '−1',
    prematureStops: '−1',
    meanLatency: '−0.1',
    tokensSaved: '−187.9K',
    uAlarms: '−6',
    uAlarmed: '−1',
  });
  // recommended warns only: 5 alarms on 3 unlabelled runs, none stopped.
  expect(await values(page, 'recommended', UNLABELLED)).toEqual(['5', '3', '0']);
  expect(await values(page, 'doom-loop', UNLABELLED)).toEqual(['12', '2', '0']);
  await shot(page, 'compare-yours-03-library-1440');
  // The side panel is narrow: the wide view shows every column at once, and Escape closes it.
  await page.getByRole('button', { name: 'Wide view' }).click();
  const wide = page.getByRole('dialog', { name: 'Compare, wide view' });
  await expect(wide).toBeVisible();
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const stops = await wide.getByRole('button', { name: 'Unlabelled runs stopped' }).boundingBox();
    expect(stops!.x + stops!.width, `at ${width} px`).toBeLessThanOrEqual(width - 24);
    await shot(page, `compare-yours-04-wide-${width}`);
  }
  await page.keyboard.press('Escape');
  await expect(wide).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Wide view' })).toBeVisible();
  await shot(page, 'compare-yours-05-library-1024');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Back on chatloop: your config is the preset again (no deltas); the saved one loads with a click.
  await table(page).getByRole('button', { name: 'chatloop', exact: true }).click();
  await expect(row(page, 'Your config').locator('td[data-col="alarms"] .v')).toHaveText('97');
  expect(await deltas(page, 'Your config')).toEqual({});
  await expect(row(page, 'Your config').locator('th')).toContainText('vs chatloop · unchanged');
  await table(page).getByRole('button', { name: 'Saved: dup4', exact: true }).click();
  await expect(row(page, 'Your config').locator('td[data-col="alarms"] .v')).toHaveText('77');
  await page.getByRole('tab', { name: 'Tune' }).click();
  await expect(page.locator(`[data-param="${MAX_DUP}"]`)).toHaveValue('4');
  await expect(page.getByText('1 setting differs from chatloop.')).toBeVisible();

  // Deleted, the saved row goes.
  await page.getByRole('tab', { name: 'Compare' }).click();
  await table(page).getByRole('button', { name: 'Delete Saved: dup4' }).click();
  await expect(row(page, 'Saved: dup4')).toHaveCount(0);
});
