/**
 * a file imported again while its first copy is still being stored is noticed
 * as a duplicate too (not silently stored twice), and Replace leaves one whole copy.
 */
import { expect, test, type JSHandle, type Page } from '@playwright/test';
import { libraryRows, readyApp, storedCount } from './helpers';

/** 40,000 turns (about 12 MB): storing takes a few seconds. */
function bigRun(): string {
  const lines = ['{"type":"meta","version":1,"title":"Big run"}'];
  for (let i = 0; i < 40_000; i++)
    lines.push(
      JSON.stringify({
        type: 'assistant',
        text: 'x'.repeat(50),
        calls: [{ name: 'ls', args: { p: `d${i % 97}` }, result: { content: 'r'.repeat(200) } }],
      }),
    );
  return lines.join('\n') + '\n';
}

/** The file made in the page beforehand, so the second drop follows the first at once. */
async function dropOf(page: Page, name: string, text: string): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    ([n, t]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], n));
      return dt;
    },
    [name, text] as const,
  );
}

async function drop(page: Page, dt: JSHandle<DataTransfer>): Promise<void> {
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('main', 'drop', { dataTransfer: dt });
}

test('the same file dropped again while the first copy is storing: asked, and Replace leaves one copy', async ({
  page,
}) => {
  const big = bigRun();
  await readyApp(page);
  const first = await dropOf(page, 'big.loop.jsonl', big);
  const again = await dropOf(page, 'big-again.loop.jsonl', big);
  await drop(page, first);
  const storing = page.getByRole('region', { name: 'Imports' }).getByText('Storing big.loop.jsonl…');
  await expect(storing).toBeVisible({ timeout: 30_000 });
  await drop(page, again);
  // The second file is read while the first is stored: the overlap this test is about.
  await expect(page.getByRole('region', { name: 'Imports' }).getByText('big-again.loop.jsonl').first()).toBeVisible();
  expect(await storing.isVisible()).toBe(true);
  const prompt = page.getByTestId('duplicate-import');
  await expect(prompt).toHaveText(
    'big-again.loop.jsonl is already in the library as “Big run” (from big.loop.jsonl).',
    {
      timeout: 60_000,
    },
  );
  await page.getByRole('button', { name: 'Replace' }).click();
  await expect.poll(() => storedCount(page), { timeout: 60_000 }).toBe(7);
  // The new copy opens (the first was open until then).
  await expect(page.getByText('40000 turns · 40000 calls · from big-again.loop.jsonl')).toBeVisible();
  await page.getByRole('link', { name: '← Library' }).click();
  await expect(libraryRows(page).filter({ hasText: 'Big run' })).toHaveCount(1);
  await libraryRows(page).filter({ hasText: 'Big run' }).click();
  await expect(page.getByText('40000 turns · 40000 calls')).toBeVisible({ timeout: 30_000 });
});
