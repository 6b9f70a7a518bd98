import { expect, test } from '@playwright/test';
import { corpus, dropFiles, readyApp, shot } from './helpers';

test("a Claude Code turn shows the model's thinking folded, and its text without the blank lines before it", async ({
  page,
}) => {
  await readyApp(page);
  await dropFiles(page, [
    { name: 'full.jsonl', content: corpus('claude-code/entireio__cli/43/2b48f6b6e6/0/full.jsonl') },
  ]);
  const detail = page.getByRole('article', { name: 'Turn 1' });
  await expect(detail).toBeVisible({ timeout: 30_000 });
  const reasoning = detail.locator('details.reasoning');
  await expect(reasoning.locator('summary')).toHaveText('Reasoning (168 characters)');
  await expect(reasoning.locator('pre')).toBeHidden();
  await reasoning.locator('summary').click();
  await expect(reasoning.locator('pre')).toHaveText(
    'The user has merge conflicts from merging the parent branch `alex/ent-221-phase-aware-git-hooks`. ' +
      'Let me first check the current git status to see what conflicts exist.',
  );
  await expect(detail.locator('pre.assistant-text')).toHaveText('Let me check the current state of the conflicts.');
  await shot(page, 'turn-reasoning-01-opened');
});
