import { expect, test } from '@playwright/test';
import { HEAP_DECODE_MIN_BYTES } from '../src/import/source';
import { dropGeneratedFile, shot } from './helpers';

/**
 * a file this large is read by a worker of its own (src/workers/slice-reader.ts) and
 * decoded into heap strings by src/import/utf8-decoder.ts instead of TextDecoder (over 256 MiB),
 * which kept the 1,000,000-call run's renderer under 2 GB. Its characters of two to four bytes,
 * cut between 1 MiB slices here and there, must come out as written.
 */
const TURNS = 150_000;

test('a 315 MB transcript imports through the file reader worker with its characters intact', async ({ page }) => {
  test.setTimeout(120_000);
  const pad = 'é→✅😀 '.repeat(150);
  function* lines() {
    yield '{"type":"meta","version":1,"title":"Big café run → ✅"}';
    for (let i = 1; i <= TURNS; i++)
      yield JSON.stringify({
        type: 'assistant',
        text: `step ${i}: café → ✅ 😀`,
        calls: [{ id: `c${i}`, name: 'read_file', args: { path: `src/f${i % 97}.ts` }, result: { content: pad + i } }],
      });
  }
  expect(await dropGeneratedFile(page, 'big.loop.jsonl', lines(), 'Big café run → ✅', 5000)).toBeGreaterThan(
    HEAP_DECODE_MIN_BYTES,
  );
  await expect(page.locator('.transcript-head')).toContainText(`${TURNS} turns · ${TURNS} calls · from big.loop.jsonl`);
  await page.keyboard.press('End');
  const detail = page.getByRole('article', { name: `Turn ${TURNS}` });
  await expect(detail.locator('pre.assistant-text')).toHaveText(`step ${TURNS}: café → ✅ 😀`);
  await expect(detail.locator('section.call pre.result')).toHaveText('é→✅😀 '.repeat(150) + TURNS);
  await shot(page, 'big-file-01-turn');

  // Its turns are still being stored: a reload now asks first (it would drop the import). The
  // writes start after the first replay, later on a machine busy with other work.
  await expect(page.getByText('Storing big.loop.jsonl…')).toBeVisible({ timeout: 30_000 });
  const dialog = page.waitForEvent('dialog');
  void page.evaluate(() => location.reload()).catch(() => undefined);
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(page.getByRole('heading', { name: 'Big café run → ✅', level: 2 })).toBeVisible();

  // Leaving anyway drops the unfinished import (all of it or none), and the reloaded page says so.
  await expect(page.getByText('Storing big.loop.jsonl…')).toBeVisible({ timeout: 30_000 });
  const again = page.waitForEvent('dialog');
  void page.evaluate(() => location.reload()).catch(() => undefined);
  await (await again).accept();
  const why =
    'big.loop.jsonl: the page was closed or reloaded while “Big café run → ✅” was still being stored, so it was ' +
    'not kept (the library keeps all of an import or none of it); import the file again';
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Transcript #\d+ is not in this library: /);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(why);
  await expect(page.getByRole('region', { name: 'Imports' }).locator('.import-message')).toHaveText(why);
  await shot(page, 'big-file-02-left-while-storing');
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Library' })).not.toContainText('Big café run');
});
