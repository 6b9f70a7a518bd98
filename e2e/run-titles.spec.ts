/**
 * Runs told apart at a glance: a folder of the repository's real OpenHands runs (and one session
 * written from the SWE-bench template, whose opening words every run shares) shows a distinct
 * title per run, the template unwrapped to its issue; two SWE-agent trajectories of the same
 * task and file name show the folder that differs.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { corpus, dropFolder, libraryRows, readyApp, storedCount, type Tree } from './helpers';

const DEMOS = 'swe-agent/trajectories/demonstrations';
const MARSHMALLOW = 'marshmallow-code__marshmallow-1867.traj';
const DEFAULT =
  'replay__marshmallow-code__marshmallow-1867__default__t-0.20__p-0.95__c-2.00__install-1___install_from_source';
const CURSORS =
  'replay__marshmallow-code__marshmallow-1867__default_sys-env_cursors_window100__t-0.20__p-0.95__c-2.00__install-1';

function runs(): Tree {
  const oh = (p: string) => corpus(`openhands/${p}`);
  return [
    {
      path: 'openhands/multi_swe_bench/output.jsonl',
      content: oh('evaluation/benchmarks/multi_swe_bench/examples/output.jsonl'),
    },
    { path: 'openhands/resolver/output.jsonl', content: oh('tests/unit/resolver/mock_output/output.jsonl') },
    ...['basic', 'basic_gui_mode', 'basic_interactions', 'wrong_initial_state'].map((n) => ({
      path: `openhands/trajs/${n}.json`,
      content: oh(`tests/runtime/trajs/${n}.json`),
    })),
    {
      path: 'openhands/session/events.jsonl',
      content: readFileSync(new URL('../src/import/fixtures/openhands/events-stream/events.jsonl', import.meta.url)),
    },
    { path: `swe/${DEFAULT}/${MARSHMALLOW}`, content: corpus(`${DEMOS}/${DEFAULT}/${MARSHMALLOW}`) },
    { path: `swe/${CURSORS}/${MARSHMALLOW}`, content: corpus(`${DEMOS}/${CURSORS}/${MARSHMALLOW}`) },
  ];
}

test('the library tells real runs apart: distinct titles, the template unwrapped, the differing folder shown', async ({
  page,
}) => {
  const before = await readyApp(page);
  await dropFolder(page, 'runs', runs());
  await expect(page.getByRole('status').filter({ hasText: 'runs/:' })).toContainText('runs/: 12 transcripts', {
    timeout: 30_000,
  });
  await expect.poll(() => storedCount(page)).toBe(before + 12);
  await page.getByRole('searchbox', { name: /Search/ }).fill('runs/');
  const rows = libraryRows(page);
  await expect(rows).toHaveCount(12);
  const titles = await rows
    .locator('td:first-child')
    .evaluateAll((tds) => tds.map((td) => td.firstChild?.textContent ?? ''));
  // Every OpenHands run has its own title; the template's run reads as its issue and repository.
  const openhands = titles.filter((t) => t !== 'marshmallow-code__marshmallow-1867');
  expect(openhands).toHaveLength(10);
  expect(new Set(openhands).size).toBe(10);
  expect(openhands).toContain('CommandParser ignores parent default options when parsin… · ponylang__ponyc__0.1');
  expect(openhands.some((t) => t.startsWith("I've uploaded"))).toBe(false);
  // The two trajectories of one task show the end of their path that differs.
  await expect(rows.locator('.row-file')).toHaveCount(2);
  expect((await rows.locator('.row-file').allTextContents()).sort()).toEqual(
    [`${DEFAULT}/${MARSHMALLOW}`, `${CURSORS}/${MARSHMALLOW}`].sort(),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole('table', { name: 'Library' })
    .screenshot({ path: 'test-results/screenshots/library-run-titles.png' });
});
