import { expect, test, type Page } from '@playwright/test';
import { freshApp, libraryRows, shot } from './helpers';

const HEALTHY = 'Healthy: docstrings module by module';
const MAX_DUP = 'detectors.exact-repeat.maxDuplicates';

const param = (page: Page, path: string) => page.locator(`[data-param="${path}"]`);
const fp = (page: Page) => page.locator('[data-metric="fp"]');
const cleanFlagged = (page: Page) => page.locator('[data-metric="clean-flagged"]');

/** The tuned maxDuplicates as stored in IndexedDB (the draft is saved debounced). */
function storedMaxDup(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('loopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('draft');
          get.onsuccess = () => {
            resolve(get.result?.value?.draft?.detectors?.['exact-repeat']?.maxDuplicates ?? null);
            open.result.close();
          };
        };
      }),
  );
}

test('tune a threshold and watch false positives drop; switch preset; the draft survives a reload', async ({
  page,
}) => {
  await freshApp(page);
  await libraryRows(page).filter({ hasText: HEALTHY }).first().click();
  await expect(page.getByRole('heading', { name: HEALTHY })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tune' })).toHaveAttribute('aria-selected', 'true');

  const preset = page.getByRole('combobox', { name: 'Preset' });
  await preset.selectOption('chatloop');
  await expect(preset).toHaveValue('chatloop');
  // `npx loopscope eval src/samples/healthy-docstrings.loop.jsonl --preset chatloop --json`: fp 8.
  // The 8 alarms fall every 3 turns (9, 12, … 30): more than 2 turns apart, so 8 false alarms.
  // The run has no loop (progress labels only): a clean run, flagged; no loop, so no F1.
  await expect(fp(page)).toHaveText('8');
  await expect(cleanFlagged(page)).toHaveText('1');
  await expect(page.locator('[data-metric="f1"]')).toHaveText('—');
  await expect(param(page, MAX_DUP)).toHaveValue('2');
  await expect(page.getByText('Exactly the chatloop preset.')).toBeVisible();
  // What the preset reproduces, beside the picker (src/engine/presets/about.ts).
  await expect(page.getByTestId('preset-about')).toContainText('The ChatLoop design: exact repeats');
  // Every detector is listed; the two chatloop runs are open, the others collapsed.
  await expect(page.locator('.tune-detector')).toHaveCount(22);
  // no-progress is not in chatloop, but listed to be switched on.
  await expect(param(page, 'detectors.no-progress.enabled')).not.toBeChecked();
  await expect(param(page, 'detectors.pattern.minPatternRepetitions')).toBeVisible();
  await expect(param(page, 'detectors.cycle.enabled')).not.toBeChecked();
  await expect(page.locator('[data-param^="detectors.cycle."]')).toHaveCount(1); // only its switch
  // Each path has exactly one data-param element.
  const paths = await page.locator('[data-param]').evaluateAll((els) => els.map((e) => e.getAttribute('data-param')));
  expect(new Set(paths).size).toBe(paths.length);
  await shot(page, 'tune-01-chatloop');
  // Every word on a detector can be looked up: its docs section, as text, on request.
  const exactCard = page.locator('.tune-detector').filter({ has: param(page, 'detectors.exact-repeat.enabled') });
  await expect(exactCard.locator('.tune-origin-tag')).toHaveText('ChatLoop design, level 1');
  await exactCard.getByRole('button', { name: 'docs' }).click();
  const doc = page.getByRole('region', { name: /docs\/detectors\.md$/ });
  await expect(doc).toContainText("## `exact-repeat` — ChatLoop's level 1");
  await shot(page, 'tune-01b-detector-docs');
  await exactCard.getByRole('button', { name: 'hide docs' }).click();
  await expect(doc).toHaveCount(0);

  // Dragging the slider re-runs at once: 4 copies allowed, no alarm left (CLI with --config: fp 0).
  await page.locator(`[data-param-slider="${MAX_DUP}"]`).fill('4');
  await expect(param(page, MAX_DUP)).toHaveValue('4');
  await expect(fp(page)).toHaveText('0');
  await expect(cleanFlagged(page)).toHaveText('0');

  // Typing 3 in the field: the CLI with maxDuplicates 3 in a --config file gives fp 7.
  await param(page, MAX_DUP).fill('3');
  await expect(fp(page)).toHaveText('7');
  await expect(cleanFlagged(page)).toHaveText('1');
  await expect(page.getByText('1 setting differs from chatloop.')).toBeVisible();
  const exact = page.getByRole('region', { name: 'Exact repeat' });
  await expect(exact.getByRole('img', { name: 'changed; preset value 2' })).toHaveAttribute('title', 'Preset: 2');
  await expect(exact.getByRole('button', { name: "Reset Max duplicates in window to the preset's 2" })).toBeVisible();

  // What changed against the preset: alarms that vanished, each one a jump to its turn.
  const changes = page.getByRole('region', { name: 'Change against the preset' });
  const vanished = changes.getByRole('list', { name: 'Alarms vanished' }).getByRole('button');
  await expect(vanished.first()).toHaveText(/Exact repeat\s*turn 9 · call 9 · warn/);
  await vanished.first().click();
  await expect(page).toHaveURL(/\/turn\/9$/);
  await expect(page.getByRole('slider', { name: /turn/i })).toHaveValue('9');
  await shot(page, 'tune-02-maxduplicates-3');

  // An out-of-range value is refused with the field and the reason; the last good value stays.
  await param(page, MAX_DUP).fill('0');
  await expect(page.getByRole('alert')).toHaveText(
    'detectors.exact-repeat.maxDuplicates: must be between 1 and 100, got 0',
  );
  await expect(fp(page)).toHaveText('7');
  await shot(page, 'tune-03-param-error');
  await param(page, MAX_DUP).fill('3');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await param(page, MAX_DUP).blur();

  // The graduated actions editor: add a step.
  await exact.getByRole('button', { name: 'Add a step to Graduated actions' }).click();
  await expect(exact.getByRole('combobox', { name: 'Graduated actions, step 4' })).toHaveValue('terminate');
  await exact.getByRole('button', { name: 'Remove step 4 of Graduated actions' }).click();
  await expect(exact.getByRole('combobox', { name: 'Graduated actions, step 4' })).toHaveCount(0);

  // Reload: the tuned value and its effect are kept.
  await expect.poll(() => storedMaxDup(page)).toBe(3);
  await page.reload();
  await expect(param(page, MAX_DUP)).toHaveValue('3');
  await expect(fp(page)).toHaveText('7');

  // Another preset: its own values.
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('chatloop-aggressive');
  await expect(param(page, MAX_DUP)).toHaveValue('1');
  await expect(param(page, 'detectors.pattern.maxPatternLength')).toHaveValue('4');
  await expect(page.getByText('Exactly the chatloop-aggressive preset.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('cycle-escalation');
  await expect(param(page, 'detectors.cycle.enabled')).toBeChecked();
  await expect(param(page, 'detectors.exact-repeat.enabled')).not.toBeChecked();
  await expect(page.locator(`[data-param="${MAX_DUP}"]`)).toHaveCount(0); // collapsed
  // A disabled detector can be opened to read its parameters, and enabled to tune them.
  await page.getByRole('button', { name: 'Show Exact repeat parameters' }).click();
  await expect(param(page, MAX_DUP)).toBeDisabled();
  await param(page, 'detectors.exact-repeat.enabled').check();
  await expect(param(page, MAX_DUP)).toBeEnabled();
  await expect(page.getByText('1 setting differs from cycle-escalation.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset to preset' }).click();
  await expect(param(page, 'detectors.exact-repeat.enabled')).not.toBeChecked();
  await shot(page, 'tune-04-cycle-escalation');

  // A shipping agent's preset: what it does, and a link to the file (at its commit) it was ported from.
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('openhands');
  await expect(param(page, 'detectors.openhands-stuck.enabled')).toBeChecked();
  const about = page.getByTestId('preset-about');
  await expect(about).toContainText("OpenHands (V0 controller): StuckDetector's six scenarios");
  await expect(about.getByRole('link', { name: 'Source' })).toHaveAttribute(
    'href',
    'https://github.com/OpenHands/OpenHands/blob/331a1a43145f185f7596431e2a19668a0e0a6daa/openhands/controller/stuck.py',
  );
  await shot(page, 'tune-05-openhands');
});
