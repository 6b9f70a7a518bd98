/**
 * In the browser: a folder is dropped (through the app's real directory traversal, with
 * readEntries handing entries over in small batches) or picked with the folder button. The
 * library grows by every transcript in it, non-transcripts are skipped with a note, and the broken
 * file is named. A folder import shows the whole folder's progress and "k of n files", and Cancel
 * keeps what was stored and nothing of the file being read.
 *
 * The OpenHands V0 `events/` folder is the real corpus file openhands/tests/runtime/trajs/basic.json
 * split into one file per event, named by event id (the layout OpenHands writes). It imports once
 * the OpenHands folder parser is in; until then it is named as a failure, which the test accepts
 * only with that exact reason.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { corpus, dropFolder, libraryRows, readyApp, shot, storedCount, type Tree } from './helpers';

function sessionFolder(): Tree {
  const events = JSON.parse(corpus('openhands/tests/runtime/trajs/basic.json').toString()) as { id: number }[];
  return [
    ...events.map((e) => ({ path: `sessions/a1/events/${e.id}.json`, content: Buffer.from(JSON.stringify(e)) })),
    { path: 'sessions/a1/metadata.json', content: Buffer.from('{"title":"2048"}') },
    {
      path: 'swe/6e44b9/6e44b9.traj',
      content: corpus(
        'swe-agent/tests/test_data/trajectories/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj',
      ),
    },
    { path: 'swe/6e44b9/6e44b9.pred', content: Buffer.from('{"model_patch":""}') },
    { path: 'swe/6e44b9/6e44b9.patch', content: Buffer.from('diff --git a/x b/x\n') },
    {
      path: 'claude/-repo/0b7d3c1e-1111-2222-3333-444455556666.jsonl',
      content: corpus('claude-code/test/test_data/representative_messages.jsonl'),
    },
    { path: 'broken/broken.traj', content: Buffer.from('{"trajectory": [') },
    { path: 'README.md', content: Buffer.from('# my runs\n') },
    { path: 'LICENSE', content: Buffer.from('MIT\n') },
  ];
}

const BROKEN = 'runs/broken/broken.traj: not valid JSON (Unexpected end of JSON input)';

/** The folder's outcome: the SWE-agent run, the Claude Code session and the OpenHands events folder. */
async function expectFolderImported(page: Page, before: number, name: string): Promise<void> {
  const job = page.getByRole('status').filter({ hasText: 'runs/:' });
  await expect(job).toContainText(/runs\/: \d transcripts from \d files/, { timeout: 20_000 });
  const failures = job.getByRole('list', { name: 'Files that failed' }).getByRole('listitem');
  const n = 3;
  await expect(job).toContainText('runs/: 3 transcripts from 3 files; 1 failed, 5 skipped (not transcripts)');
  await expect(failures).toHaveText([BROKEN]);
  await job.getByText('5 skipped (not transcripts)', { exact: true }).click();
  await expect(job.locator('details li')).toHaveText([
    'runs/LICENSE: a licence or notice',
    'runs/README.md: documentation',
    'runs/sessions/a1/metadata.json: OpenHands session metadata',
    'runs/swe/6e44b9/6e44b9.patch: a patch',
    'runs/swe/6e44b9/6e44b9.pred: a SWE-agent prediction',
  ]);
  expect(await storedCount(page)).toBe(before + n);
  await expect(libraryRows(page)).toHaveCount(before + n);
  await expect(page.getByRole('cell', { name: 'swe-agent', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'claude-code', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'openhands', exact: true }).first()).toBeVisible();
  await shot(page, name);
}

test('a dropped folder: every session imported, non-transcripts skipped, the broken file named', async ({ page }) => {
  const before = await readyApp(page);
  await dropFolder(page, 'runs', sessionFolder());
  await expectFolderImported(page, before, 'import-folder-01-dropped');
});

test('the folder picker imports the same folder the same way', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-'));
  for (const f of sessionFolder()) {
    const p = join(dir, 'runs', f.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.content);
  }
  const before = await readyApp(page);
  await expect(page.getByRole('button', { name: 'Import folder…' })).toBeVisible();
  await page.getByTestId('folder-input').setInputFiles(join(dir, 'runs'));
  await expectFolderImported(page, before, 'import-folder-02-picked');
});

test('a folder import shows overall progress and k of n files; Cancel keeps what was stored', async ({ page }) => {
  const before = await readyApp(page);
  // A small transcript, then a 60 MB one built in the page from Blob parts.
  await page.evaluate((small) => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 1_000_000; i++) {
      const l = `{"type":"assistant","text":"step ${i}","calls":[{"name":"ls","args":{"path":"src/d${i % 50}"}}]}`;
      lines.push(l);
      size += l.length + 1;
    }
    const part = lines.join('\n') + '\n';
    const huge = new File(
      ['{"type":"meta","version":1,"title":"Huge run"}\n', ...Array(60).fill(part)],
      'b-huge.loop.jsonl',
    );
    const first = new File([small], 'a-small.loop.jsonl');
    const fileEntry = (f: File) => ({
      name: f.name,
      isFile: true,
      isDirectory: false,
      file: (ok: (x: File) => void) => ok(f),
    });
    const dir = {
      name: 'big',
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let given = false;
        return {
          readEntries: (ok: (b: unknown[]) => void) => {
            ok(given ? [] : [fileEntry(first), fileEntry(huge)]);
            given = true;
          },
        };
      },
    };
    const dataTransfer = {
      types: ['Files'],
      files: [],
      items: [{ kind: 'file', webkitGetAsEntry: () => dir, getAsFile: () => null }],
    };
    for (const type of ['dragenter', 'drop']) {
      const ev = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(ev, 'dataTransfer', { value: dataTransfer });
      document.querySelector('main')!.dispatchEvent(ev);
    }
  }, '{"type":"meta","version":1,"title":"Small run"}\n{"type":"assistant","calls":[{"name":"ls","args":{"path":"."}}]}\n');

  const job = page.getByRole('status').filter({ hasText: 'Importing big/' });
  await expect(job).toContainText('1 of 2 files');
  await expect(job).toContainText('reading big/b-huge.loop.jsonl');
  const bar = page.getByRole('progressbar', { name: 'Import progress of big/' });
  const value = () => bar.evaluate((p) => (p as HTMLProgressElement).value);
  await expect.poll(value, { intervals: [20] }).toBeGreaterThan(1_000_000);
  expect(await bar.evaluate((p) => (p as HTMLProgressElement).max)).toBeGreaterThan(60_000_000);
  await shot(page, 'import-folder-03-progress');
  await job.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'big/:' })).toHaveText(
    /big\/: import cancelled at big\/b-huge\.loop\.jsonl; 1 transcript from 1 file stored before it, nothing of big\/b-huge\.loop\.jsonl/,
  );
  expect(await storedCount(page)).toBe(before + 1);
  await expect(libraryRows(page)).toHaveCount(before + 1);
  await expect(page.getByRole('cell', { name: 'Small run', exact: true })).toBeVisible();
  await shot(page, 'import-folder-04-cancelled');
});

test('an empty folder, dropped or picked, is said to hold nothing, never silently ignored', async ({ page }) => {
  const before = await readyApp(page);
  await dropFolder(page, 'empty', []);
  await expect(page.getByRole('alert')).toHaveText(/^empty\/: no files in it, nothing to import/);
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-e2e-'));
  mkdirSync(join(dir, 'nothing'));
  await page.getByTestId('folder-input').setInputFiles(join(dir, 'nothing'));
  await expect(page.getByRole('alert')).toHaveText([
    /^empty\/: no files in it, nothing to import/,
    /^The picked folder: no files in it, nothing to import/,
  ]);
  expect(await storedCount(page)).toBe(before);
  await shot(page, 'import-folder-04-empty');
});
