/**
 * A project's `.specstory` folder dropped on the page: every chat in `history/` becomes a
 * transcript (two real Cursor exports from edobry/minsky and an excerpt of a Claude Code export),
 * SpecStory's own `.what-is-this.md` is skipped as a hidden file, and the calls show in the turn
 * table: Cursor's terminal runs with their commands, a cancelled call as an error.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { corpus, dropFolder, libraryRows, readyApp, shot, storedCount } from './helpers';

const HISTORY = 'cursor/edobry__minsky/.specstory/history';
const SETUP = '2025-04-26_20-30-setting-up-minsky-cli-with-bun.md';
const DEBUG = '2025-04-29_16-46-debugging-pr-command-logic.md';
const CLAUDE = readFileSync(
  new URL('../src/import/fixtures/specstory/claude-code-pr-review.excerpt.md', import.meta.url),
);

test('a dropped .specstory folder imports one transcript per chat, with its calls in the turn table', async ({
  page,
}) => {
  const before = await readyApp(page);
  await dropFolder(page, '.specstory', [
    { path: '.what-is-this.md', content: Buffer.from('# SpecStory Artifacts Directory\n') },
    { path: `history/${SETUP}`, content: corpus(`${HISTORY}/${SETUP}`) },
    { path: `history/${DEBUG}`, content: corpus(`${HISTORY}/${DEBUG}`) },
    { path: 'history/2026-03-02_22-30-03Z-actually-4-and-7.md', content: CLAUDE },
  ]);
  const job = page.getByRole('status').filter({ hasText: '.specstory/:' });
  await expect(job).toContainText('.specstory/: 3 transcripts from 3 files; 1 skipped (not transcripts)', {
    timeout: 20_000,
  });
  expect(await storedCount(page)).toBe(before + 3);
  await expect(libraryRows(page)).toHaveCount(before + 3);
  await expect(page.getByRole('cell', { name: 'specstory', exact: true })).toHaveCount(3);

  // On its title: the row's triage cells open the run at its first alarm.
  await libraryRows(page).getByText('Debugging PR Command Logic', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Debugging PR Command Logic' })).toBeVisible();
  // The first turn, whatever the pointer left over the timeline when the view opened.
  await page.mouse.move(0, 0);
  await page.keyboard.press('Home');
  await expect(page.getByRole('slider', { name: 'Turn' })).toHaveValue('1');
  const table = page.getByRole('table', { name: 'Turns' });
  const call = (n: number) =>
    table.getByRole('row').filter({ has: page.locator(`[role=cell]:nth-child(2):text-is("${n}")`) });
  await expect(call(1)).toContainText('codebase_search');
  await expect(call(1)).toContainText('logic for the pr command');
  // `bun test` again and again amid the same failing tests: shell calls flagged as errors.
  for (const n of [6, 8, 10, 11, 12]) await expect(call(n)).toContainText('bun test src/domain/git.pr.test.ts');
  await expect(call(6)).not.toHaveClass(/ error/);
  await expect(call(8)).toHaveClass(/ error/);
  await shot(page, 'import-specstory-01-turn-table');
});
