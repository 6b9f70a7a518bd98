import { expect, test } from '@playwright/test';
import { READER_WORKER_MIN_BYTES } from '../src/import/blob-chunks';
import { HEAP_DECODE_MIN_BYTES } from '../src/import/source';
import { dropGeneratedFile, shot } from './helpers';

/**
 * A file from 32 to 256 MiB is read by a reader worker and decoded in the engine worker in line
 * pieces: each 1 MiB slice's bytes are cut into pieces of at most 32 KiB at line ends (a longer
 * line on a character boundary) and decoded on their own, the unfinished line carried to the next
 * slice. Characters of two to four bytes, a byte order mark at the start, a U+FEFF inside a text
 * and lines longer than a piece must all come out as written.
 */
const TURNS = 20_000;
const LONG_EVERY = 997;
const long = (i: number) => `${i} ` + 'é→✅😀 '.repeat(4_000); // ~44 KB: longer than a piece
const text = (i: number) => `step ${i}: \uFEFFcafé → ✅ 😀`;

test('a 45 MB transcript decoded in line pieces keeps every character', async ({ page }) => {
  test.setTimeout(120_000);
  const pad = 'ü✓ '.repeat(300);
  function* lines() {
    yield '\uFEFF{"type":"meta","version":1,"title":"Reader café → ✅"}';
    for (let i = 1; i <= TURNS; i++) {
      const content = i % LONG_EVERY === 0 ? long(i) : pad + i;
      yield JSON.stringify({
        type: 'assistant',
        text: text(i),
        calls: [{ id: `c${i}`, name: 'read_file', args: { path: `src/ä${i % 89}.ts` }, result: { content } }],
      });
    }
  }
  const size = await dropGeneratedFile(page, 'text.loop.jsonl', lines(), 'Reader café → ✅');
  expect(size).toBeGreaterThan(READER_WORKER_MIN_BYTES);
  expect(size).toBeLessThan(HEAP_DECODE_MIN_BYTES);
  await expect(page.locator('.transcript-head')).toContainText(
    `${TURNS} turns · ${TURNS} calls · from text.loop.jsonl`,
  );
  // No line was read with a replaced character (the import would warn about it).
  await expect(page.getByText(/Imported with \d+ warning/)).toHaveCount(0);
  const turnAt = async (n: number) => {
    await page.getByLabel('Turn', { exact: true }).fill(String(n));
    return page.getByRole('article', { name: `Turn ${n}` });
  };
  const first = await turnAt(1);
  await expect(first.locator('pre.assistant-text')).toHaveText(text(1));
  const longTurn = await turnAt(LONG_EVERY * 7);
  await expect(longTurn.locator('pre.assistant-text')).toHaveText(text(LONG_EVERY * 7));
  await expect(longTurn.locator('section.call pre.result')).toHaveText(long(LONG_EVERY * 7));
  await shot(page, 'line-pieces-01-long-line');
  await page.keyboard.press('End');
  const last = page.getByRole('article', { name: `Turn ${TURNS}` });
  await expect(last.locator('pre.assistant-text')).toHaveText(text(TURNS));
  await expect(last.locator('section.call pre.result')).toHaveText(pad + TURNS);
});
