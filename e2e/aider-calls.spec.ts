/**
 * A real Aider history in the workbench: its SEARCH/REPLACE edits, with the failed match as an
 * error, and the shell commands aider ran are rows of the turn table.
 */
import { expect, test } from '@playwright/test';
import { corpus, dropFiles, libraryRows, readyApp, shot } from './helpers';

const NAME = '.aider.chat.history.md';
const TITLE = 'aider 2025-07-16 20:11:30';

test('the edits and runs of a real Aider history are calls in the turn table, a failed match an error', async ({
  page,
}) => {
  await readyApp(page);
  await dropFiles(page, [{ name: NAME, content: corpus('aider/AFI-Protocol__afi-core/.aider.chat.history.md') }]);
  await expect(page.getByRole('status').filter({ hasText: `${NAME}:` })).toContainText(
    `${NAME}: 8 transcripts, 39 turns (aider)`,
  );
  await page.getByRole('link', { name: 'Loopscope' }).click();
  await libraryRows(page).filter({ hasText: TITLE }).first().click();
  await expect(page.getByRole('heading', { name: new RegExp(TITLE) })).toBeVisible();

  const table = page.getByRole('table', { name: 'Turns' });
  const row = (call: number) =>
    table.getByRole('row').filter({ has: page.locator(`[role=cell]:nth-child(2):text-is("${call}")`) });
  const cell = (call: number, i: number) => row(call).locator('[role=cell]').nth(i);
  // Turn 12: one block failed to match, the other two were applied, then aider committed.
  await row(17).scrollIntoViewIfNeeded();
  await expect(cell(17, 0)).toHaveText('12');
  await expect(cell(17, 2)).toHaveText('edit');
  await expect(cell(17, 3)).toContainText('cli_hooks/validator_invoker.ts');
  await expect(row(17)).toHaveClass(/ error/);
  await expect(cell(17, 4)).toContainText('The LLM did not conform to the edit format.');
  for (const call of [18, 19]) {
    await expect(cell(call, 2)).toHaveText('edit');
    await expect(cell(call, 3)).toContainText('tests/poi_validator.test.ts');
    await expect(row(call)).not.toHaveClass(/ error/);
  }
  await expect(cell(20, 2)).toHaveText('commit');
  // Turn 11: the shell command the reply suggested, run by aider.
  await expect(cell(16, 2)).toHaveText('run');
  await expect(cell(16, 3)).toContainText('rm validators/PoIValidator.ts');
  await row(17).click();
  await expect(page.getByRole('article', { name: 'Turn 12' })).toContainText(
    'SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in cli_hooks/validator_invoker.ts',
  );
  await shot(page, 'aider-calls-failed-edit');
});
