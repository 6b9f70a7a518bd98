/**
 * In the browser: a zstd-compressed inspect_ai `.eval` imports
 * like its deflate original, and an `.eval` whose one entry hides 300 MiB behind a 10-byte declared
 * size is refused with the entry limit (the tab survives and the library is unchanged).
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { corpus, dropFiles, freshApp, libraryRows } from './helpers';

/** A zip of one entry with the given method and declared uncompressed size. */
function oneEntryZip(name: string, data: Buffer, method: number, declared: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

test.setTimeout(120_000);

test('a zstd .eval imports like its deflate original; a hidden 300 MiB entry and a declared 3 GiB one are refused', async ({
  page,
}) => {
  await freshApp(page);
  await expect(libraryRows(page)).toHaveCount(6);

  const zstd = readFileSync(new URL('../src/import/fixtures/inspect-ai/log_streaming.zstd.eval', import.meta.url));
  await dropFiles(page, [{ name: 'log_streaming.zstd.eval', content: zstd }]);
  await expect(page.getByRole('status').filter({ hasText: 'log_streaming.zstd.eval:' })).toContainText(
    'log_streaming.zstd.eval: 4 transcripts, 4 turns (inspect-ai)',
  );
  await dropFiles(page, [
    { name: 'log_streaming.eval', content: corpus('inspect-ai/tests/log/test_eval_log/log_streaming.eval') },
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'log_streaming.eval:' })).toContainText(
    'log_streaming.eval: 4 transcripts, 4 turns (inspect-ai)',
  );

  const bomb = oneEntryZip('samples/1_epoch_1.json', deflateRawSync(Buffer.alloc(300 * 1024 * 1024, 32)), 8, 10);
  await dropFiles(page, [{ name: 'bomb.eval', content: bomb }]);
  await expect(page.getByRole('alert').filter({ hasText: 'bomb.eval' })).toContainText(
    'bomb.eval: entry samples/1_epoch_1.json inflates past the 256 MiB limit for one archive entry (its header says 10 bytes; raise it with --max-entry-mb)',
    { timeout: 60_000 }, // inflating 256 MiB takes a few seconds, more on a loaded machine
  );
  // A 3 MB archive declaring a 3 GB sample: refused from the zip directory, at once.
  const declared = oneEntryZip('samples/1_epoch_1.json', deflateRawSync(Buffer.alloc(1024, 32)), 8, 3 * 1024 ** 3);
  await dropFiles(page, [{ name: 'bomb3g.eval', content: declared }]);
  await expect(page.getByRole('alert').filter({ hasText: 'bomb3g.eval' }).locator('.import-message')).toHaveText(
    'bomb3g.eval: its entries declare 3 GiB uncompressed in all, over the 2 GiB limit for one archive (raise it with --max-archive-mb)',
  );
  await page.getByRole('link', { name: 'Loopscope' }).click();
  await expect(libraryRows(page)).toHaveCount(14);
});
