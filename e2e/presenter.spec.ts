import { expect, test, type Page } from '@playwright/test';
import { libraryRows, readyApp, shot } from './helpers';

// `npx loopscope detect --json src/samples/missing-path-ls-loop.loop.jsonl` (recommended, the
// workbench's default): 18 turns; the first event is no-progress warn at turn 8, call 8, then 12, 16.
const SAMPLE = 'Stuck listing a missing folder';
const TURNS = 18;
const FIRST_ALARM = 8;
const SECOND_ALARM = 12;
const FIRST_MESSAGE =
  '⚠️ No progress: the same step (or the same error, or the same failed edit) 3 times in the last 8 steps, with no new change between:\n' +
  '  1. ls({"path":"src/plugins"})\n' +
  'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.';

// One line per bundled sample, as src/features/demo/sample-stories.ts tells them.
const STORIES: [string, RegExp][] = [
  [SAMPLE, /^Asked to find where plugins are loaded, the agent lists src\/plugins 12 times/],
  ['Edit and test oscillation', /^Fixing a failing test, the agent makes the same edit and reruns pytest 7 times/],
  ['Same build error, slightly different commands', /^The agent retries the build 8 times/],
  ['Swarm: two workers, one search', /^Two workers of a swarm take turns running the same empty grep/],
  ['Healthy: docstrings module by module', /^The agent reads, edits and tests 10 modules/],
  ['Docs writer with recorded LLM judge answers', /^The agent writes 32 distinct docs pages/],
];

const presenter = (page: Page) => page.getByRole('dialog', { name: 'Presenter' });
const presenterTurn = (page: Page) => presenter(page).locator('.presenter-turn');

async function openSample(page: Page): Promise<void> {
  await readyApp(page);
  await libraryRows(page).filter({ hasText: SAMPLE }).click();
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await expect(page.locator('[data-metric="tp"]')).toHaveText('3');
}

test('the gallery shows one story per bundled sample; a card opens its sample', async ({ page }) => {
  await readyApp(page);
  const gallery = page.getByRole('region', { name: 'Samples' });
  const cards = gallery.getByRole('listitem');
  await expect(cards).toHaveCount(STORIES.length);
  for (let i = 0; i < STORIES.length; i++) {
    const [title, story] = STORIES[i];
    await expect(cards.nth(i).locator('.sample-open')).toHaveText(title);
    await expect(cards.nth(i).locator('.sample-story')).toHaveText(story);
  }
  // Restore samples stays beside the library.
  await expect(page.getByRole('button', { name: /^Restore samples/ })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await shot(page, 'gallery-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'gallery-1440');

  // A click anywhere on the card (its middle is the story text, not the title) opens the sample.
  await cards.nth(1).click();
  await expect(page.getByRole('heading', { name: 'Edit and test oscillation' })).toBeVisible();
  await expect(page.locator('.turn-readout')).toHaveText('Turn 1 / 18');

  // Folded away, the gallery stays folded after a reload, and can be shown again.
  await page.getByRole('link', { name: '← Library' }).click();
  await gallery.getByRole('button', { name: 'Hide' }).click();
  await expect(gallery).toHaveCount(0);
  await page.reload();
  await expect(libraryRows(page)).toHaveCount(6);
  await expect(gallery).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the 6 samples with their stories' }).click();
  await expect(cards).toHaveCount(6);
});

test('presenter mode stops at the first alarm with the agent message, then resumes', async ({ page }) => {
  await openSample(page);
  await page.getByRole('button', { name: /Present/ }).click();
  await expect(presenter(page)).toBeVisible();
  await expect(page).toHaveURL(/\?present#\/t\/\d+\/turn\/\d+$/);

  // Autoplay stops at the engine's first alarm, and shows its message as text.
  const alarm = presenter(page).getByRole('region', { name: `Alarm at turn ${FIRST_ALARM}` });
  await expect(alarm).toBeVisible({ timeout: 20_000 });
  await expect(presenterTurn(page)).toHaveText(`Turn ${FIRST_ALARM} / ${TURNS}`);
  await expect(page.locator('.turn-readout')).toHaveText(`Turn ${FIRST_ALARM} / ${TURNS}`);
  await expect(alarm.locator('.presenter-message')).toHaveText(FIRST_MESSAGE);
  await expect(alarm).toContainText('The agent would get this message (call 8 still runs):');
  await expect(alarm).toContainText('no-progress · warn · level 1');
  await expect(presenter(page)).toContainText('ls: cannot access src/plugins: No such file or directory');
  // It holds: a second later it is still at the alarm.
  await page.waitForTimeout(1000);
  await expect(presenterTurn(page)).toHaveText(`Turn ${FIRST_ALARM} / ${TURNS}`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, 'presenter-alarm-1024');
  // On a 1280×720 projector the whole alarm card is on screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  const card = await alarm.boundingBox();
  expect(card!.y + card!.height).toBeLessThanOrEqual(720);
  await shot(page, 'presenter-alarm-1280x720');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'presenter-alarm-1440');

  // A key continues at once; playback goes on and stops at the next alarm.
  await page.keyboard.press('Space');
  await expect(alarm).toHaveCount(0);
  const second = presenter(page).getByRole('region', { name: `Alarm at turn ${SECOND_ALARM}` });
  await expect(second).toBeVisible({ timeout: 20_000 });
  await expect(presenterTurn(page)).toHaveText(`Turn ${SECOND_ALARM} / ${TURNS}`);

  // Left alone, it resumes by itself after the hold (7 s).
  await expect(second).toHaveCount(0, { timeout: 12_000 });
  await expect(presenterTurn(page)).not.toHaveText(`Turn ${SECOND_ALARM} / ${TURNS}`);
  await shot(page, 'presenter-playing-1440');

  // The show's speed is its own: + while presenting leaves the workbench's speed as it was.
  const speed = page.getByRole('combobox', { name: 'Playback speed' });
  const workbenchSpeed = await speed.inputValue();
  await page.keyboard.press('+');
  await expect(presenter(page)).not.toContainText(`speed (${workbenchSpeed} turn`);

  // Escape leaves presenter mode; the workbench is where it was, the address without ?present.
  await page.keyboard.press('Escape');
  await expect(presenter(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/present/);
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  // The workbench is as it was: pause on alarm back off, and its keys step turns again.
  await expect(page.getByRole('checkbox', { name: 'Pause on alarm' })).not.toBeChecked();
  await expect(speed).toHaveValue(workbenchSpeed);
  const reached = Number((await page.locator('.turn-readout strong').textContent()) ?? '0');
  expect(reached).toBeGreaterThan(SECOND_ALARM);
  await page.keyboard.press('Home');
  await expect(page.locator('.turn-readout')).toHaveText(`Turn 1 / ${TURNS}`);
});

test('a link with ?present=<sample> opens that sample in presenter mode', async ({ page }) => {
  await readyApp(page);
  await page.goto('/?present=missing-path-ls-loop');
  await expect(presenter(page)).toBeVisible();
  await expect(presenter(page)).toContainText(SAMPLE);
  await expect(presenter(page).getByRole('region', { name: `Alarm at turn ${FIRST_ALARM}` })).toBeVisible({
    timeout: 20_000,
  });
  // A click continues too.
  await presenter(page).locator('.presenter-turn-body').click();
  await expect(presenter(page).getByRole('region', { name: `Alarm at turn ${FIRST_ALARM}` })).toHaveCount(0);
  await presenter(page).getByRole('button', { name: 'Leave (Esc)' }).click();
  await expect(presenter(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/present/);
});
