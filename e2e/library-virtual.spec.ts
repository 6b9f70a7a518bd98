/**
 * A library of 406 runs: the table is virtualised (only the rows in its scroll box are in the
 * DOM), yet every run is listed (aria-rowcount), the keys reach the last row, and triage fills
 * in the rows scrolled to.
 */
import { expect, test, type Page } from '@playwright/test';
import { libraryRows, readyApp, shot } from './helpers';

const COPIES = 400;

/** Stores COPIES copies of the first sample run under new titles, straight into IndexedDB. */
async function storeCopies(page: Page): Promise<void> {
  await page.evaluate(
    (copies) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('loopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['transcripts', 'bodies', 'turnChunks'], 'readwrite');
          const metas = tx.objectStore('transcripts').getAll();
          metas.onsuccess = () => {
            const meta = (metas.result as { id: number; title: string }[]).find((m) =>
              m.title.startsWith('Edit and test'),
            )!;
            const body = tx.objectStore('bodies').get(meta.id);
            const chunks = tx.objectStore('turnChunks').getAll(IDBKeyRange.bound([meta.id, 0], [meta.id, 1e9]));
            chunks.onsuccess = () => {
              for (let i = 0; i < copies; i++) {
                const { id: _id, ...rest } = meta;
                const add = tx.objectStore('transcripts').add({
                  ...rest,
                  title: `Copy ${String(i).padStart(3, '0')}`,
                  importedAt: Date.now() + (copies - i) * 1000,
                });
                add.onsuccess = () => {
                  const id = add.result as number;
                  tx.objectStore('bodies').put({ ...body.result, id });
                  for (const c of chunks.result as { n: number }[]) tx.objectStore('turnChunks').put({ ...c, id });
                };
              }
            };
          };
          tx.oncomplete = () => {
            idb.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    COPIES,
  );
}

test('406 runs: only the rows on screen are drawn; End, arrows and Enter reach any run', async ({ page }) => {
  const before = await readyApp(page);
  await storeCopies(page);
  await page.reload();
  const table = page.getByRole('table', { name: 'Library' });
  await expect(table).toHaveAttribute('aria-rowcount', String(before + COPIES + 1));
  await expect(page.getByText(`${before + COPIES} runs`)).toBeVisible();
  const drawn = await libraryRows(page).count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(60);
  await expect(table).not.toHaveAttribute('aria-busy', 'true', { timeout: 60_000 });
  // Every copy is the same run: the chart counts all of them, not the rows drawn.
  await expect(page.getByRole('figure', { name: 'What the config would do' })).toContainText(
    `of ${before + COPIES} would warn`,
  );

  // Sorted newest first: the copies (Copy 000 newest), then the samples.
  const first = libraryRows(page).first();
  await expect(first).toContainText('Copy 000');
  await first.focus();
  await page.keyboard.press('End');
  const focused = page.locator('table.library tbody tr:focus');
  await expect(focused).toHaveAttribute('aria-rowindex', String(before + COPIES + 1));
  for (let i = 0; i < before + 1; i++) await page.keyboard.press('ArrowUp');
  await expect(focused).toContainText('Copy 398');
  expect(await libraryRows(page).count()).toBeLessThan(60);
  // The row scrolled to has its figures (the same run as the sample: alarms, not "…").
  await expect(libraryRows(page).filter({ hasText: 'Copy 398' }).getByRole('cell', { name: '…' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'library-virtual-01-scrolled');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Copy 398' })).toBeVisible();
});
