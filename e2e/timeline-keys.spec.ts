import { expect, test, type Page } from '@playwright/test';
import { libraryRows, readyApp, shot } from './helpers';

// The oscillation sample under `recommended`: no-progress alarms at turns 7, 11, 15 (as `loopscope detect`).
const SAMPLE = 'Edit and test oscillation';

async function openSample(page: Page): Promise<void> {
  await readyApp(page);
  await libraryRows(page).filter({ hasText: SAMPLE }).click();
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await expect(page.locator('[data-metric="tp"]')).toHaveText('3');
  // A library row opens at the run's first alarm (turn 7) once the library has computed it: these
  // tests start from turn 1.
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveText('Turn 1 / 18');
}

const readout = (page: Page) => page.locator('.turn-readout');

test('keys step turns whatever was clicked last; Escape leaves a field; n / p jump to alarms', async ({ page }) => {
  await openSample(page);
  // Clicking a Tune checkbox leaves the focus on it: the arrows still step turns.
  const check = page.getByRole('checkbox', { name: 'Exact repeat enabled' });
  await check.click();
  await expect(check).toBeChecked();
  await expect(check).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveText('Turn 4 / 18');
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveText('Turn 3 / 18');
  await expect(check).toBeChecked();
  await check.click(); // back to the preset
  await expect(page.locator('[data-metric="tp"]')).toHaveText('3');

  // A select picked with the mouse keeps ↑ ↓, but ← → step turns and leave it as it is.
  const speed = page.getByLabel('Playback speed');
  await speed.focus();
  await speed.selectOption('5');
  await expect(speed).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveText('Turn 4 / 18');
  await expect(speed).toHaveValue('5');
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveText('Turn 3 / 18');
  await expect(speed).toHaveValue('5');

  // Pause on alarm is a control too.
  await page.getByRole('checkbox', { name: 'Pause on alarm' }).click();
  await page.keyboard.press('End');
  await expect(readout(page)).toHaveText('Turn 18 / 18');
  await page.getByRole('checkbox', { name: 'Pause on alarm' }).click();

  // A number field keeps its arrows; Escape hands the keys back.
  const field = page.locator('[data-param="detectors.no-progress.window"]');
  const before = await field.inputValue();
  await field.click();
  await page.keyboard.press('ArrowUp');
  await expect(field).toHaveValue(String(Number(before) + 1));
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveText('Turn 18 / 18');
  await page.keyboard.press('Escape');
  await expect(field).not.toBeFocused();
  await expect(page.locator('.workbench')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveText('Turn 1 / 18');
  await page.keyboard.press('ArrowDown'); // a no-op for the workbench, not a field change
  await expect(field).toHaveValue(String(Number(before) + 1));
  await page.getByRole('button', { name: 'Reset to preset' }).click();
  await expect(field).toHaveValue(before);

  // n / p: the next and previous turn with an alarm.
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(readout(page)).toHaveText('Turn 7 / 18');
  await page.keyboard.press('n');
  await expect(readout(page)).toHaveText('Turn 11 / 18');
  await page.keyboard.press('p');
  await expect(readout(page)).toHaveText('Turn 7 / 18');
  await page.keyboard.press('p'); // none before 7: stays
  await expect(readout(page)).toHaveText('Turn 7 / 18');
  await page.keyboard.press('End');
  await page.keyboard.press('p');
  await expect(readout(page)).toHaveText('Turn 15 / 18');
  await expect(page.getByRole('button', { name: 'Next alarm' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous alarm' }).click();
  await expect(readout(page)).toHaveText('Turn 11 / 18');
  await expect(page).toHaveURL(/\/turn\/11$/);
});

test('pause on alarm stops playback at the first alarm, then at the next', async ({ page }) => {
  await openSample(page);
  await page.getByLabel('Playback speed').selectOption('10');
  await page.getByRole('checkbox', { name: 'Pause on alarm' }).check();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(readout(page)).toHaveText('Turn 7 / 18');
  await expect(page.getByRole('article', { name: 'Turn 7' })).toContainText('no-progress');
  await shot(page, 'timeline-01-paused-on-alarm');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(readout(page)).toHaveText('Turn 11 / 18');
  // Off: playback runs to the end.
  await page.getByRole('checkbox', { name: 'Pause on alarm' }).uncheck();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(readout(page)).toHaveText('Turn 18 / 18');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('the timeline has a turn axis, a labelled row per detector, zoom and pan; back to the library', async ({
  page,
}) => {
  await openSample(page);
  const rowsList = page.getByRole('list', { name: 'Timeline rows' });
  await expect(rowsList.getByRole('listitem')).toHaveText(['labels', 'no-progress3', 'turn']);
  // Its 3 alarms (turns 7, 11, 15) are one loop: one span under their marks.
  await expect(page.locator('.timeline-episode title')).toHaveText(['no-progress: one loop, turns 7–15, 3 alarms']);
  // Enabling a detector adds its row with its alarms (12 here: the edit and the test run repeat).
  await page.getByRole('checkbox', { name: 'Exact repeat enabled' }).check();
  await expect(rowsList.getByRole('listitem')).toHaveText(['labels', 'exact-repeat12', 'no-progress3', 'turn']);
  await page.getByRole('checkbox', { name: 'Exact repeat enabled' }).uncheck();
  const axis = page.locator('.timeline-axis text');
  await expect(axis).toHaveText(['2', '4', '6', '8', '10', '12', '14', '16', '18']);

  const win = page.getByTestId('timeline-window');
  await expect(win).toHaveText('All 18 turns');
  await page.keyboard.press('End');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  // 18 turns / 1.5² = 8 turns, but never fewer than 10, anchored at turn 18.
  await expect(win).toHaveText('Turns 9–18 of 18');
  await expect(axis.first()).toHaveText('9');
  await shot(page, 'timeline-02-zoomed');
  await page.keyboard.press('[');
  // A quarter of the window (2.5 turns) earlier: turns 6 and 16 are partly in view.
  await expect(win).toHaveText('Turns 6–16 of 18');
  // Stepping past the left edge scrolls the window with the cursor.
  await page.keyboard.press('Home');
  await expect(win).toHaveText('Turns 1–10 of 18');
  // Dragging the axis pans: from turn 1 to the left by half the strip shows turns 6-15.
  const svg = page.locator('[aria-label="Timeline"] svg');
  const box = (await svg.boundingBox())!;
  const y = box.y + box.height - 6;
  await page.mouse.move(box.x + box.width * 0.75, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 4 });
  await page.mouse.up();
  await expect(win).toHaveText('Turns 6–15 of 18');
  await page.keyboard.press('0');
  await expect(win).toHaveText('All 18 turns');
  // The wheel zooms around the pointer.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect(win).toHaveText('Turns 4–15 of 18');
  await page.getByRole('button', { name: 'Whole run' }).click();
  await expect(win).toHaveText('All 18 turns');

  // The keys are listed in the page; Escape folds the list again.
  await page.getByText('Keys', { exact: true }).click();
  await expect(page.locator('.keys-help dl')).toContainText('next, previous alarm');
  await page.keyboard.press('Escape');
  await expect(page.locator('.keys-help dl')).toBeHidden();

  await page.getByRole('link', { name: '← Library' }).click();
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});
