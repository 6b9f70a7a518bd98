import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync, strToU8 } from 'fflate';
import { loopscope } from './cli';
import { downloadTo, freshApp, shot } from './helpers';

/**
 * The Python module downloaded from the Share tab, run with plain python3 on a sample, gives the
 * events of `loopscope detect --json` under the config downloaded from the same tab, each with
 * the message the agent would get, word for word.
 */
const SAMPLE = 'Stuck listing a missing folder';
const SAMPLE_FILE = resolve('src/samples/missing-path-ls-loop.loop.jsonl');
/** Detectors whose messages come from the engine's templates, and some still hand-ported (cycle). */
const CONFIG = {
  name: 'messages, word for word',
  detectors: {
    'exact-repeat': {},
    pattern: {},
    'similar-args': {},
    'no-progress': { k: 3 },
    'doom-loop': {},
    'identical-streak': {},
    'hermes-guard': {},
    cycle: {},
  },
};

test('Share tab → Python module → python3: the engine’s events with their messages', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-pymod-'));
  const payload = Buffer.from(deflateSync(strToU8(JSON.stringify(CONFIG)), { level: 9 })).toString('base64url');
  await freshApp(page);
  await page.goto(`/#/?config=${payload}`);
  await page.getByRole('cell', { name: SAMPLE, exact: true }).click();
  await expect(page.getByRole('heading', { name: SAMPLE })).toBeVisible();
  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(page.getByLabel('Current config').locator('[data-config-name]')).toHaveText(CONFIG.name);
  await page.locator('.tab-body').evaluate((el) => (el.scrollTop = 0));
  await shot(page, 'export-python-module-01-share-tab');

  const { path: module } = await downloadTo(page, dir, () => page.getByRole('button', { name: /Python/ }).click());
  expect(module).toMatch(/loopscope_[a-z0-9_]+\.py$/);
  const { path: config } = await downloadTo(page, dir, () =>
    page.getByRole('button', { name: 'Download config' }).click(),
  );

  // As a user would run it: plain python3, from the download folder, asking for the messages.
  const got = JSON.parse(
    execFileSync('python3', [module, SAMPLE_FILE, '--messages'], { cwd: dir, encoding: 'utf8' }),
  ) as Record<string, unknown>[];
  const expected = (
    JSON.parse(loopscope(['detect', '--json', SAMPLE_FILE, '--config', config]).trim()) as {
      events: Record<string, unknown>[];
    }
  ).events;
  expect(got).toEqual(expected);
  // Every detector of the config fired, each with a message, so each message was compared.
  expect([...new Set(expected.map((e) => e.detector))].sort()).toEqual(Object.keys(CONFIG.detectors).sort());
  expect(expected.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
  expect(expected.find((e) => e.detector === 'identical-streak')?.message).toBe(
    'You have called "ls" with identical arguments 3 times consecutively without making progress. Try a different approach.',
  );
  // Without --messages the module prints the events alone.
  const plain = JSON.parse(execFileSync('python3', [module, SAMPLE_FILE], { cwd: dir, encoding: 'utf8' })) as unknown[];
  expect(plain).toEqual(expected.map(({ message: _m, ...e }) => e));
  expect(readFileSync(module, 'utf8')).toContain('MESSAGES = {');
});
