/**
 * A Cline task folder dropped as it sits on disk (`tasks/<id>/` with the history, the panel log,
 * the metadata and the extension's settings): one transcript whose XML tool calls show in the
 * turn table, the repeated failing `terraform plan` as errors and the turn without a tool as a
 * refused call. The files are the test fixtures (src/import/fixtures/cline-task/xml-task).
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dropFolder, readyApp, shot, storedCount, type Tree } from './helpers';

const TITLE = 'terraform plan fails in infra/ - fix the configuration so that the plan succeeds';
const fixture = (name: string) =>
  readFileSync(new URL(`../src/import/fixtures/cline-task/xml-task/${name}`, import.meta.url));

const TASK: Tree = [
  ...['api_conversation_history.json', 'ui_messages.json', 'task_metadata.json'].map((name) => ({
    path: `1741942803000/${name}`,
    content: fixture(name),
  })),
  { path: '1741942803000/settings.json', content: Buffer.from('{"mode":"act"}') },
];

test('a dropped Cline tasks/ folder is one transcript with its calls in the turn table', async ({ page }) => {
  const before = await readyApp(page);
  await dropFolder(page, 'tasks', TASK);

  const job = page.getByRole('status').filter({ hasText: 'tasks/:' });
  await expect(job).toContainText('tasks/: 1 transcript from 1 file; 1 skipped (not transcripts)', {
    timeout: 20_000,
  });
  expect(await storedCount(page)).toBe(before + 1);
  // A folder of one transcript opens it at once.
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/cline-task\s*11 turns · 12 calls · from tasks\/1741942803000/);
  const table = page.getByRole('table', { name: 'Turns' });
  const row = (call: number) =>
    table.getByRole('row').filter({ has: page.locator(`[role=cell]:nth-child(2):text-is("${call}")`) });
  await expect(row(1)).toContainText('read_file');
  // Calls 2-6: the same failing plan five times, each an error the rules found in its output.
  for (const call of [2, 3, 4, 5, 6]) {
    await expect(row(call)).toContainText('execute_command');
    await expect(row(call)).toHaveClass(/ error/);
  }
  // The default preset sees the repetition at its 3rd copy (the API error and retry logged before
  // call 4 are no new input that would start the count again).
  await expect(row(4).locator('i[title="no-progress"]')).toHaveCount(1);
  await expect(row(6).locator('i[title="no-progress"]')).toHaveCount(0);
  await expect(row(7)).toContainText('no_tool_used');
  await expect(row(7).locator('.mark.rejected')).toHaveText('rejected');
  await expect(row(8)).toContainText('replace_in_file');
  await shot(page, 'import-cline-01-turns');
});
