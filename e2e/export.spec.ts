import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { detectEvents, withoutMessages } from './cli';
import { downloadTo, shot, tuneForShare } from './helpers';

const SAMPLE = 'Stuck listing a missing folder';
const SAMPLE_FILE = resolve('src/samples/missing-path-ls-loop.loop.jsonl');
const K = 'detectors.no-progress.k';

/** Runs the downloaded module in Node (types stripped by tsx) on the sample's assistant lines. */
function runModule(dir: string, modulePath: string): unknown[] {
  const runner = join(dir, 'run.mjs');
  writeFileSync(
    runner,
    [
      "import { readFileSync } from 'node:fs';",
      "import { pathToFileURL } from 'node:url';",
      'const { replay } = await import(pathToFileURL(process.argv[2]).href);',
      "const lines = readFileSync(process.argv[3], 'utf8').split('\\n').filter((l) => l.trim()).map((l) => JSON.parse(l));",
      "console.log(JSON.stringify(replay(lines.filter((l) => l.type === 'assistant'))));",
    ].join('\n'),
  );
  const out = execFileSync(resolve('node_modules/.bin/tsx'), [runner, modulePath, SAMPLE_FILE], { encoding: 'utf8' });
  return JSON.parse(out) as unknown[];
}

test('export: tune a threshold, download the TypeScript module, run it in Node: the engine’s events', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-export-'));
  await tuneForShare(page, SAMPLE, 'recommended', K, '3');
  const current = page.getByLabel('Current config');
  await expect(current.locator('[data-config-name]')).toHaveText('recommended (tuned)');
  await expect(page.getByText('The detector of “recommended (tuned)” as tuned: no-progress.')).toBeVisible();
  // Only a CLI snippet: no system has a no-progress setting; no seed numbers, no "defaults".
  await expect(page.locator('[data-snippet]')).toHaveCount(1);
  await expect(page.locator('[data-snippet="cli"]')).toBeVisible();
  await expect(page.locator('[data-snippet-note="uncovered"]')).toHaveText(
    'No system has a setting for no-progress: the modules above run it as tuned.',
  );
  await expect(page.locator('.share-panel')).not.toContainText(/seed \d|these are the defaults/i);
  await page.locator('.tab-body').evaluate((el) => (el.scrollTop = 0));
  await shot(page, 'export-01-share-panel');

  const ts = await downloadTo(page, dir, () => page.getByRole('button', { name: /TypeScript/ }).click());
  expect(ts.name).toBe('loopscope-recommended-tuned.ts');
  const text = readFileSync(ts.path, 'utf8');
  expect(text).not.toMatch(/\bimport\b|\brequire\s*\(/);
  expect(text).toMatch(/^export function replay\(/m);
  const config = await downloadTo(page, dir, () => page.getByRole('button', { name: 'Download config' }).click());
  const file = JSON.parse(readFileSync(config.path, 'utf8'));
  expect(file).toMatchObject({ name: 'recommended (tuned)', basedOn: 'recommended' });
  expect(file.config.detectors['no-progress'].k).toBe(3);

  const events = runModule(dir, ts.path);
  const expected = detectEvents(SAMPLE_FILE, config.path);
  // Messages included: the module's replay gives the CLI's events as they are.
  expect(events).toEqual(expected);
  // k 3: every third step of the ls loop (k 4, the preset, warns at 8, 12, 16).
  expect(withoutMessages(expected)).toEqual(
    [8, 11, 14, 17].map((t, i) => ({ turn: t, call: t, detector: 'no-progress', action: 'warn', level: i + 1 })),
  );

  // The Python module of the same config: the same events under python3.
  const pyFile = await downloadTo(page, dir, () => page.getByRole('button', { name: /Python/ }).click());
  expect(pyFile.name).toBe('loopscope_recommended_tuned.py');
  const out = execFileSync('python3', [pyFile.path, SAMPLE_FILE], { encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual(withoutMessages(expected));

  // content-chanting switched on as well: its Gemini CLI constants appear; both modules carry it.
  await page.getByRole('tab', { name: 'Tune' }).click();
  await page.locator('[data-param="detectors.content-chanting.enabled"]').check();
  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(
    page.getByText('The 2 detectors of “recommended (tuned)” as tuned: content-chanting, no-progress.'),
  ).toBeVisible();
  await expect(page.locator('[data-snippet="gemini-cli"] pre')).toHaveText(
    [
      '// packages/core/src/services/loopDetectionService.ts',
      'const CONTENT_LOOP_THRESHOLD = 10;',
      'const CONTENT_CHUNK_SIZE = 50;',
      'const MAX_HISTORY_LENGTH = 5000;',
    ].join('\n'),
  );
  await page.locator('.tab-body').evaluate((el) => (el.scrollTop = 0));
  await shot(page, 'export-03-two-detectors');
  await page.locator('[data-snippet="gemini-cli"]').scrollIntoViewIfNeeded();
  await shot(page, 'export-04-snippets');
  const both = await downloadTo(page, dir, () => page.getByRole('button', { name: /TypeScript/ }).click());
  expect(readFileSync(both.path, 'utf8')).toContain('__loopscope_content_chanting');
  const bothConfig = await downloadTo(page, dir, () => page.getByRole('button', { name: 'Download config' }).click());
  const bothExpected = detectEvents(SAMPLE_FILE, bothConfig.path);
  expect(runModule(dir, both.path)).toEqual(bothExpected);
  const bothPy = await downloadTo(page, dir, () => page.getByRole('button', { name: /Python/ }).click());
  expect(JSON.parse(execFileSync('python3', [bothPy.path, SAMPLE_FILE], { encoding: 'utf8' }))).toEqual(
    withoutMessages(bothExpected),
  );

  // A link opened where its transcript is not: the config is applied, and that is said.
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const other = await context.newPage();
  // An older link, by library number: a number this library does not have.
  await other.goto(link.replace(/#\/run\/[^?]*\?/, '#/t/999/turn/1?'));
  await expect(other.getByRole('alert')).toHaveText(
    'Config “recommended (tuned)” applied; transcript #999 is not in this library.',
  );
  await expect(other.getByText('A share link carries the config only')).toBeVisible();
  await shot(other, 'export-02-link-elsewhere');
  await other.getByRole('link', { name: 'Back to the library' }).click();
  await expect(other.getByRole('table', { name: 'Library' })).toBeVisible();
});
