import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { detectEvents, withoutMessages } from './cli';
import { downloadTo, freshApp, shot } from './helpers';

/**
 * A share link whose config name is Python code: the Python module downloaded from the Share tab
 * used to carry the name into its docstring unescaped, so running it ran the code. Now the name
 * is an escaped literal: the module runs no payload and gives the engine's events.
 */
const SAMPLE = 'Stuck listing a missing folder';
const SAMPLE_FILE = resolve('src/samples/missing-path-ls-loop.loop.jsonl');
/** The recommended preset's no-progress settings. */
const NO_PROGRESS = { window: 20, sameError: true, cycles: 3, recurrence: 3, sameTarget: true, actions: ['warn'] };

test('share link → Python module → run: a payload in the config name does not run; the events are right', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-payload-'));
  const marker = join(dir, 'PWNED');
  const name = `"";__import__('os').system('touch ${marker}');x=""`;
  const config = { name, basedOn: 'recommended', detectors: { 'no-progress': { ...NO_PROGRESS, k: 3 } } };
  const payload = Buffer.from(deflateSync(strToU8(JSON.stringify(config)), { level: 9 })).toString('base64url');

  await freshApp(page);
  await page.goto(`/#/?config=${payload}`);
  await page.getByRole('cell', { name: SAMPLE, exact: true }).click();
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(page.getByLabel('Current config').locator('[data-config-name]')).toHaveText(name);
  await page.locator('.tab-body').evaluate((el) => (el.scrollTop = 0));
  await shot(page, 'share-link-payload-01-share-tab');

  const py = await downloadTo(page, dir, () => page.getByRole('button', { name: /Python/ }).click());
  expect(py.name).toMatch(/^loopscope_[a-z0-9_]+\.py$/);
  const saved = await downloadTo(page, dir, () => page.getByRole('button', { name: 'Download config' }).click());
  expect(JSON.parse(readFileSync(saved.path, 'utf8'))).toMatchObject({ name, config: { name } });

  // Run as a user would, from the download folder: the payload would have created the marker.
  const out = execFileSync('python3', [py.path, SAMPLE_FILE], { cwd: dir, encoding: 'utf8' });
  expect(existsSync(marker)).toBe(false);
  // The name is in the docstring as an escaped literal: its quotes cannot end it.
  const text = readFileSync(py.path, 'utf8');
  expect(text.split('\n')[0]).toBe(
    `"""Loopscope loop detectors for the config "\\"\\";__import__('os').system('touch ${marker}');x=\\"\\"", based on recommended.`,
  );
  const expected = withoutMessages(detectEvents(SAMPLE_FILE, saved.path));
  expect(JSON.parse(out)).toEqual(expected);
  // no-progress k 3 on the ls loop: every third step warns.
  expect(expected).toEqual(
    [8, 11, 14, 17].map((t, i) => ({ turn: t, call: t, detector: 'no-progress', action: 'warn', level: i + 1 })),
  );
});
