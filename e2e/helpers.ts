import { expect, type Page } from '@playwright/test';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Drops files on the page the way a browser does: a DataTransfer holding File objects. */
export async function dropFiles(page: Page, files: { name: string; content: string | Buffer }[]): Promise<void> {
  const payload = files.map((f) => ({
    name: f.name,
    b64: (typeof f.content === 'string' ? Buffer.from(f.content) : f.content).toString('base64'),
  }));
  const dt = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const it of items) {
      const bytes = Uint8Array.from(atob(it.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], it.name));
    }
    return dt;
  }, payload);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('main', 'drop', { dataTransfer: dt });
}

export function corpus(path: string): Buffer {
  return readFileSync(new URL(`../corpus/real/${path}`, import.meta.url));
}

/**
 * Writes `lines` to `file`, a line each, in batches: a file of hundreds of MB is never one string.
 * Its size in bytes.
 */
function writeLines(file: string, lines: Iterable<string>, batch = 2000): number {
  const fd = openSync(file, 'w');
  let pending: string[] = [];
  for (const line of lines) {
    pending.push(line);
    if (pending.length === batch) {
      writeSync(fd, pending.join('\n') + '\n');
      pending = [];
    }
  }
  if (pending.length) writeSync(fd, pending.join('\n') + '\n');
  closeSync(fd);
  return statSync(file).size;
}

/**
 * Writes a generated transcript (`lines`, see writeLines) to `name` in a temporary folder, drops it
 * on a fresh app and waits until the run titled `title` opens; the folder is removed after. The
 * file's size in bytes.
 */
export async function dropGeneratedFile(
  page: Page,
  name: string,
  lines: Iterable<string>,
  title: string,
  batch?: number,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-generated-'));
  try {
    const file = join(dir, name);
    const size = writeLines(file, lines, batch);
    await freshApp(page);
    await page.getByTestId('file-input').setInputFiles(file);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 90_000 });
    return size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function freshApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** Library rows, without the header. */
export function libraryRows(page: Page) {
  return page.getByRole('table', { name: 'Library' }).locator('tbody tr');
}

/** Transcripts stored in IndexedDB, read directly (the library view may be showing a transcript). */
export async function storedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('loopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('transcripts').objectStore('transcripts').count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** The app with its six bundled samples stored (they are seeded in the background). */
export async function readyApp(page: Page): Promise<number> {
  await freshApp(page);
  await expect(libraryRows(page)).toHaveCount(6);
  await expect.poll(() => storedCount(page)).toBe(6);
  return 6;
}

/** A bundled sample's bytes without its label lines and under another title: a run nobody labelled. */
export function unlabelledSample(file: string, title: string, newTitle: string): Buffer {
  const text = readFileSync(new URL(`../src/samples/${file}`, import.meta.url), 'utf8');
  return Buffer.from(
    text
      .split('\n')
      .filter((l) => !l.includes('"type":"label"'))
      .join('\n')
      .replace(`"title":"${title}"`, `"title":"${newTitle}"`),
  );
}

/** What a click downloads: the file's name and text. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
}

/** Opens a sample from the library, chooses a preset and sets one parameter, then opens the Share tab. */
export async function tuneForShare(
  page: Page,
  sample: string,
  preset: string,
  param: string,
  value: string,
): Promise<void> {
  await freshApp(page);
  await page.getByRole('cell', { name: sample, exact: true }).click();
  await expect(page.getByRole('heading', { name: sample })).toBeVisible();
  await page.getByRole('combobox', { name: 'Preset' }).selectOption(preset);
  await page.locator(`[data-param="${param}"]`).fill(value);
  await expect(page.locator(`[data-param="${param}"]`)).toHaveValue(value);
  await page.getByRole('tab', { name: 'Share' }).click();
}

/** Saves what a click downloads into `dir` under its suggested name. */
export async function downloadTo(
  page: Page,
  dir: string,
  click: () => Promise<void>,
): Promise<{ name: string; path: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(dir, dl.suggestedFilename());
  await dl.saveAs(path);
  return { name: dl.suggestedFilename(), path };
}

/** Stores a judge endpoint as the Judge tab does; public/judge-csp.js reads it at the next load. */
export async function storeJudgeEndpoint(page: Page, baseUrl: string): Promise<void> {
  await page.evaluate(
    (url) =>
      localStorage.setItem('loopscope.judge.endpoint', JSON.stringify({ baseUrl: url, flashModel: 'm', proModel: '' })),
    baseUrl,
  );
}

/** A folder's files by relative path, for dropFolder. */
export type Tree = { path: string; content: Buffer }[];

/** Drops a folder: the drop's item is a directory entry whose reader hands over two entries at a time. */
export async function dropFolder(page: Page, root: string, tree: Tree): Promise<void> {
  const payload = tree.map((f) => ({ path: f.path, b64: f.content.toString('base64') }));
  await page.evaluate(
    ({ root, files }) => {
      type Node = { name: string; children?: Map<string, Node>; file?: File };
      const top: Node = { name: root, children: new Map() };
      for (const f of files) {
        const parts = f.path.split('/');
        let at = top;
        for (const p of parts.slice(0, -1)) {
          if (!at.children!.has(p)) at.children!.set(p, { name: p, children: new Map() });
          at = at.children!.get(p)!;
        }
        const name = parts[parts.length - 1];
        at.children!.set(name, { name, file: new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], name) });
      }
      const entry = (n: Node): unknown =>
        n.file
          ? {
              name: n.name,
              isFile: true,
              isDirectory: false,
              file: (ok: (f: File) => void) => setTimeout(() => ok(n.file!)),
            }
          : {
              name: n.name,
              isFile: false,
              isDirectory: true,
              createReader: () => {
                const all = [...n.children!.values()].map(entry);
                let at = 0;
                return {
                  readEntries: (ok: (b: unknown[]) => void) => {
                    const batch = all.slice(at, at + 2);
                    at += batch.length;
                    setTimeout(() => ok(batch));
                  },
                };
              },
            };
      const dataTransfer = {
        types: ['Files'],
        files: [],
        items: [{ kind: 'file', webkitGetAsEntry: () => entry(top), getAsFile: () => null }],
      };
      for (const type of ['dragenter', 'drop']) {
        const ev = new Event(type, { bubbles: true, cancelable: true });
        Object.defineProperty(ev, 'dataTransfer', { value: dataTransfer });
        document.querySelector('main')!.dispatchEvent(ev);
      }
    },
    { root, files: payload },
  );
}

/** Dismisses every dialog the page opens and records its message: hostile text must open none. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
