import { expect, test } from '@playwright/test';
import { dropFiles, freshApp, libraryRows, shot } from './helpers';

const GOOD = [
  '{"type":"meta","version":1,"title":"Dropped ls loop"}',
  '{"type":"user","text":"List the plugins"}',
  '{"type":"assistant","text":"Looking in src.","calls":[{"id":"a","name":"ls","args":{"path":"src"},"result":{"content":"main.rs","isError":false}}]}',
  '{"type":"assistant","text":"<b>not bold</b>","calls":[{"id":"b","name":"ls","args":{"path":"src/plugins"},"result":{"content":"No such file","isError":true}},{"id":"c","name":"read","args":{"path":"src/main.rs"}}]}',
  '{"type":"assistant","text":"Done."}',
].join('\n');

test('the library starts with the bundled samples', async ({ page }) => {
  await freshApp(page);
  await expect(libraryRows(page)).toHaveCount(6);
  await expect(page.getByRole('cell', { name: 'Stuck listing a missing folder', exact: true })).toBeVisible();
  await shot(page, '01-library-samples');
});

test('drop a transcript, see its turns, reload and still see them; a broken file changes nothing', async ({ page }) => {
  await freshApp(page);
  await expect(libraryRows(page)).toHaveCount(6);

  await dropFiles(page, [{ name: 'dropped.loop.jsonl', content: GOOD }]);
  // One transcript imported: it opens at once.
  await expect(page.getByRole('heading', { name: 'Dropped ls loop' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('dropped.loop.jsonl: 1 transcript, 3 turns (loopscope-jsonl)');
  const rows = page.getByRole('table', { name: 'Turns' }).getByRole('row');
  await expect(rows).toHaveCount(5); // header + 3 calls + 1 text-only turn
  await expect(rows.nth(1)).toContainText('1' + '1' + 'ls' + '{"path":"src"}');
  await expect(rows.nth(2)).toHaveText(/^22ls\{"path":"src\/plugins"\}No such file$/);
  await expect(rows.nth(3)).toHaveText(/^23read\{"path":"src\/main.rs"\}$/);
  await rows.nth(2).click();
  await expect(page).toHaveURL(/#\/t\/\d+\/turn\/2$/);
  const detail = page.getByRole('article', { name: 'Turn 2' });
  await expect(detail.getByText('<b>not bold</b>')).toBeVisible(); // text, never HTML
  await expect(detail.getByRole('region', { name: 'Call 2' })).toContainText('src/plugins');
  await shot(page, '02-dropped-transcript');

  await page.reload();
  await expect(page.getByRole('article', { name: 'Turn 2' })).toBeVisible();
  await page.getByRole('link', { name: 'Loopscope' }).click();
  await expect(libraryRows(page)).toHaveCount(7);

  await dropFiles(page, [{ name: 'broken.loop.jsonl', content: '{"type":"assistant","calls":{}}\nnot json at all\n' }]);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('broken.loop.jsonl: nothing readable as Loopscope JSONL');
  await expect(alert).toContainText('line 1: "calls" must be an array');
  await expect(libraryRows(page)).toHaveCount(7);
  await shot(page, '03-broken-file-message');

  await dropFiles(page, [{ name: 'picture.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 1]) }]);
  await expect(page.getByRole('alert').filter({ hasText: 'picture.png' })).toContainText(
    'picture.png: this is a binary file, not a transcript',
  );
  await page.reload();
  await expect(libraryRows(page)).toHaveCount(7);
});

test('pick a file with the button; skipped lines are listed with their line numbers', async ({ page }) => {
  await freshApp(page);
  const partly = GOOD + '\n{"type":"judge","turn":2,"model":"ultra","confidence":0.5}\n{oops\n';
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'partly.loop.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(partly) });
  await expect(page.getByRole('heading', { name: 'Dropped ls loop' })).toBeVisible();
  await page.getByText('Imported with 2 warnings').click();
  const box = page.locator('.warnings-box');
  await expect(box.getByText('partly.loop.jsonl:6: "model" must be "flash" or "pro", got "ultra"')).toBeVisible();
  await expect(box.getByText(/^partly\.loop\.jsonl:7: not valid JSON/)).toBeVisible();
  await shot(page, '04-warnings');
});
