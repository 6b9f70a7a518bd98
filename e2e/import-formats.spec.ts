/**
 * In the browser: one real corpus file per format and one fixture for each format the
 * corpus lacks are dropped on the page; each import names its format and transcript count and
 * the library grows by exactly that. Broken files leave the library alone, and a large file shows
 * its progress and can be cancelled.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { corpus, dropFiles, libraryRows, readyApp, shot, storedCount } from './helpers';

function fixture(path: string): Buffer {
  return readFileSync(new URL(`../src/import/fixtures/${path}`, import.meta.url));
}

const ROLLOUT = 'rollout-2025-10-16T10-21-30-0199ed7a-5f3b-7c12-a8e2-3c4d5e6f7a8b.jsonl';

// [file name as dropped, content, format, transcripts, turns (all transcripts)]
const FILES: [string, () => Buffer, string, number, number][] = [
  [
    'representative_messages.jsonl',
    () => corpus('claude-code/test/test_data/representative_messages.jsonl'),
    'claude-code',
    1,
    5,
  ],
  ['basic.json', () => corpus('openhands/tests/runtime/trajs/basic.json'), 'openhands', 1, 2],
  ['output.jsonl', () => corpus('openhands/tests/unit/resolver/mock_output/output.jsonl'), 'openhands', 2, 26],
  [
    'i_got_id_demo.traj',
    () => corpus('swe-agent/trajectories/demonstrations/ctf/web/i_got_id_demo.traj'),
    'swe-agent',
    1,
    21,
  ],
  [
    'trajectory.json',
    () => corpus('moatless/tests/trajectories/django__django-9296/trajectory.json'),
    'moatless',
    1,
    7,
  ],
  ['chat-history.md', () => corpus('aider/tests/fixtures/chat-history.md'), 'aider', 461, 877],
  [
    '2025-05-12T20-27-36-04-00_browser.json',
    () => corpus('inspect-ai/tests/analysis/test_logs/2025-05-12T20-27-36-04-00_browser.json'),
    'inspect-ai',
    1,
    5,
  ],
  [
    'popularity.eval',
    () => corpus('inspect-ai/tests/scorer/logs/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval'),
    'inspect-ai',
    10,
    10,
  ],
  ['openai-chat-request.json', () => fixture('openai-chat/request.json'), 'openai-chat', 1, 4],
  ['anthropic-request.json', () => fixture('anthropic-messages/request.json'), 'anthropic-messages', 1, 4],
  ['responses-request.json', () => fixture('openai-responses/request.json'), 'openai-responses', 1, 3],
  [ROLLOUT, () => fixture(`codex-rollout/${ROLLOUT}`), 'codex-rollout', 1, 5],
  [
    'session-2025-09-18T14-02-5d1f6a2b.json',
    () => fixture('gemini-cli/session-2025-09-18T14-02-5d1f6a2b.json'),
    'gemini-cli',
    1,
    3,
  ],
  ['traces.json', () => fixture('otel-genai/traces.json'), 'otel-genai', 2, 5],
];

test('every format imports: one real file per format, a fixture for the others', async ({ page }) => {
  let count = await readyApp(page);
  for (const [name, content, format, n, turns] of FILES) {
    await dropFiles(page, [{ name, content: content() }]);
    const status = page.getByRole('status').filter({ hasText: `${name}:` });
    // The 4 MB aider history holds 461 transcripts: storing them takes a while on a busy machine.
    await expect(status).toContainText(`${name}: ${n} transcript${n === 1 ? '' : 's'}, ${turns} turns (${format})`, {
      timeout: 30_000,
    });
    count += n;
    expect(await storedCount(page), name).toBe(count);
  }
  await page.getByRole('link', { name: 'Loopscope' }).click();
  // Past 100 runs only the rows in view are drawn: the table's aria-rowcount (with its header row) lists them all.
  await expect(page.getByRole('table', { name: 'Library' })).toHaveAttribute('aria-rowcount', String(count + 1));
  await shot(page, 'import-formats-01-all-formats');
  await page.getByRole('searchbox', { name: /Search/ }).fill('inspect-ai');
  await expect(page.getByRole('cell', { name: 'inspect-ai' }).first()).toBeVisible();
});

test('a truncated .eval, random bytes and an unknown file each get a clear alert; the library is unchanged', async ({
  page,
}) => {
  const before = await readyApp(page);
  const whole = corpus('inspect-ai/tests/scorer/logs/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval');
  await dropFiles(page, [{ name: 'cut.eval', content: whole.subarray(0, Math.floor(whole.length / 2)) }]);
  await expect(page.getByRole('alert').filter({ hasText: 'cut.eval' })).toContainText(
    'cut.eval: the .eval archive is truncated or damaged',
  );

  let seed = 42;
  const noise = Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24));
  await dropFiles(page, [{ name: 'noise.jsonl', content: noise }]);
  await expect(page.getByRole('alert').filter({ hasText: 'noise.jsonl' })).toHaveText(
    /noise\.jsonl: this is a binary file, not a transcript/,
  );

  await dropFiles(page, [{ name: 'notes.txt', content: 'Shopping list\n- milk\n- eggs\n' }]);
  const unknown = page.getByRole('alert').filter({ hasText: 'notes.txt' });
  await expect(unknown.locator('.import-message')).toHaveText(
    'notes.txt: not a transcript format Loopscope reads (the content is text, not JSON, starting "Shopping list"); see docs/formats.md or `loopscope formats`',
  );

  expect(await storedCount(page)).toBe(before);
  await expect(libraryRows(page)).toHaveCount(before);
  await shot(page, 'import-formats-02-bad-files');
});

test('a 60 MB JSONL shows its progress, the page stays responsive, and Cancel stores nothing', async ({ page }) => {
  const before = await readyApp(page);
  // Built inside the page from Blob parts: 60 copies of one 1 MB part of short assistant lines.
  const dt = await page.evaluateHandle(() => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 1_000_000; i++) {
      const l = `{"type":"assistant","text":"step ${i}","calls":[{"name":"ls","args":{"path":"src/d${i % 50}"},"result":{"content":"a.ts\\nb.ts","isError":false}}]}`;
      lines.push(l);
      size += l.length + 1;
    }
    const part = lines.join('\n') + '\n';
    const parts = ['{"type":"meta","version":1,"title":"Huge run"}\n', ...Array.from({ length: 60 }, () => part)];
    const dt = new DataTransfer();
    dt.items.add(new File(parts, 'huge.loop.jsonl'));
    return dt;
  });
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('main', 'drop', { dataTransfer: dt });

  const bar = page.getByRole('progressbar', { name: 'Import progress of huge.loop.jsonl' });
  await expect(bar).toBeVisible();
  const value = () => bar.evaluate((p) => (p as HTMLProgressElement).value);
  await expect.poll(value, { intervals: [20] }).toBeGreaterThan(0);
  const first = await value();
  await expect.poll(value, { intervals: [20] }).toBeGreaterThan(first);
  expect(await bar.evaluate((p) => (p as HTMLProgressElement).max)).toBeGreaterThan(60_000_000);
  // The parsing runs in a worker: the page answers at once.
  const t0 = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  expect(Date.now() - t0).toBeLessThan(1000);
  await shot(page, 'import-formats-03-progress');

  await page.getByRole('status').filter({ hasText: 'huge.loop.jsonl' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'huge.loop.jsonl' })).toContainText(
    'huge.loop.jsonl: import cancelled; nothing was stored',
  );
  await expect(bar).toHaveCount(0);
  expect(await storedCount(page)).toBe(before);
  await expect(libraryRows(page)).toHaveCount(before);
  await shot(page, 'import-formats-04-cancelled');
});
