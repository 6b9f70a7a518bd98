import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { libraryRows, shot } from './helpers';

/**
 * Writes a raw IndexedDB database the way an older (or newer) build left it, from a page of the
 * same origin that does not open the library itself.
 */
async function seedRawDb(page: Page, version: number, bodies: unknown[]): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([v, rows]) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('loopscope', v as number);
        req.onupgradeneeded = () => {
          const d = req.result;
          const t = d.createObjectStore('transcripts', { keyPath: 'id', autoIncrement: true });
          t.createIndex('title', 'title');
          t.createIndex('format', 'format');
          t.createIndex('importedAt', 'importedAt');
          d.createObjectStore('bodies', { keyPath: 'id' });
          d.createObjectStore('labels', { keyPath: 'transcriptId' });
          d.createObjectStore('configs', { keyPath: 'id', autoIncrement: true }).createIndex('name', 'name');
          d.createObjectStore('judgeCache', { keyPath: 'key' });
          d.createObjectStore('meta', { keyPath: 'key' });
        };
        req.onsuccess = () => {
          const d = req.result;
          const tx = d.transaction(['transcripts', 'bodies', 'meta'], 'readwrite');
          (rows as { id: number; transcript?: { title?: string } }[]).forEach((b) => {
            tx.objectStore('bodies').put(b);
            tx.objectStore('transcripts').put({
              id: b.id,
              title: b.transcript?.title ?? 'broken',
              format: 'loopscope-jsonl',
              fileName: 'old.loop.jsonl',
              turns: 1,
              calls: 1,
              importedAt: 1_700_000_000_000 + b.id,
              warnings: [],
            });
          });
          tx.objectStore('meta').put({ key: 'samplesSeeded', value: 1 });
          tx.oncomplete = () => {
            d.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        req.onerror = () => reject(req.error);
      }),
    [version, bodies] as const,
  );
}

const GOOD = {
  id: 1,
  transcript: {
    title: 'Old but fine',
    format: 'loopscope-jsonl',
    turns: [{ index: 1, text: 'hi', calls: [{ index: 1, name: 'ls', args: { path: 'src' } }] }],
    labels: [],
    judge: [],
  },
};

test('a library from the previous schema with malformed rows opens, and the readable run still replays', async ({
  page,
}) => {
  // Dexie stores schema version N as IndexedDB version 10 N: version 1 is 10.
  await seedRawDb(page, 10, [GOOD, { id: 2, transcript: { title: 'No turns at all' } }, { id: 3 }]);
  await page.goto('/');
  await expect(libraryRows(page)).toHaveCount(3);
  await page.getByRole('cell', { name: 'Old but fine', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Old but fine' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Turns' }).getByRole('row')).toHaveCount(2);
});

test('a library that cannot be opened says why, saves what can be read, and resets', async ({ page }) => {
  await seedRawDb(page, 10, [GOOD]);
  // Chromium's error for a corrupted store, on every versioned open (the app's), while an open
  // without a version (the rescue's read of the database as it is) still works.
  await page.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
      if (version !== undefined && localStorage.getItem('break-idb') === '1')
        throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
      return version === undefined ? open.call(this, name) : open.call(this, name, version);
    };
  });
  await page.evaluate(() => localStorage.setItem('break-idb', '1'));
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The library could not be opened' })).toBeVisible();
  await expect(alert).toContainText('Internal error opening backing store for indexedDB.open.');
  await shot(page, 'library-open-failed');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    alert.getByRole('button', { name: 'Export what can be read' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('loopscope-library-rescue.loop.jsonl');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.split('\n')[0]).toBe('{"type":"meta","version":1,"title":"Old but fine"}');
  await expect(alert.getByRole('status')).toHaveText(
    'Saved 1 transcript as Loopscope JSONL. Import the file again after a reset.',
  );

  await page.evaluate(() => localStorage.removeItem('break-idb'));
  page.once('dialog', (d) => void d.accept());
  await alert.getByRole('button', { name: 'Reset the library' }).click();
  // After the reset the app starts afresh with its samples.
  await expect(libraryRows(page)).toHaveCount(6);
});
