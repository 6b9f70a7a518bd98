/**
 * The limit an import is measured against: in the same Chromium, a worker that reads a file,
 * decodes it, finds its lines and `JSON.parse`s each one, keeping nothing. Loopscope's drop →
 * first metrics does that and more (sniffing, the model, the replay, the rows); the ratio of the
 * two says how far the import is from the read itself.
 */
import type { Browser, Page } from '@playwright/test';

/** Runs in a worker made from a blob: the whole file's read, decode, split and parse, timed. */
const WORKER = `
onmessage = async (e) => {
  const file = e.data;
  const t0 = performance.now();
  const buf = await file.arrayBuffer();
  const t1 = performance.now();
  const text = new TextDecoder().decode(buf);
  const t2 = performance.now();
  let lines = 0, start = 0, keys = 0;
  for (;;) {
    const end = text.indexOf('\\n', start);
    const line = end === -1 ? text.slice(start) : text.slice(start, end);
    if (line.trim() !== '') { const o = JSON.parse(line); if (o && typeof o === 'object') keys++; lines++; }
    if (end === -1) break;
    start = end + 1;
  }
  const t3 = performance.now();
  postMessage({ readMs: t1 - t0, decodeMs: t2 - t1, splitParseMs: t3 - t2, totalMs: t3 - t0, lines, objects: keys });
};
`;

export interface RawReadParse {
  readMs: number;
  decodeMs: number;
  splitParseMs: number;
  totalMs: number;
  lines: number;
  objects: number;
}

/** One read + parse of the page's chosen file, in a fresh worker. */
function once(page: Page): Promise<RawReadParse> {
  return page.evaluate(
    (code) =>
      new Promise<RawReadParse>((resolve, reject) => {
        const f = (document.getElementById('raw-read-file') as HTMLInputElement).files![0];
        const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
        w.onmessage = (e) => {
          w.terminate();
          resolve(e.data as RawReadParse);
        };
        w.onerror = (e) => reject(new Error(e.message));
        w.postMessage(f);
      }),
    WORKER,
  );
}

/**
 * The median of `rounds` reads (by total time), each in a fresh worker of one page of the app
 * (its CSP allows blob: workers), once the app has settled after its start.
 */
export async function rawReadParse(browser: Browser, url: string, file: string, rounds = 3): Promise<RawReadParse> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.getByRole('table', { name: 'Library' }).waitFor();
    await page.waitForTimeout(3000); // the samples are stored on a first start
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'raw-read-file';
      input.hidden = true;
      document.body.append(input);
    });
    await page.locator('#raw-read-file').setInputFiles(file);
    const runs: RawReadParse[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await once(page));
    runs.sort((a, b) => a.totalMs - b.totalMs);
    const m = runs[Math.floor(runs.length / 2)];
    const r = (x: number) => Math.round(x);
    return {
      ...m,
      readMs: r(m.readMs),
      decodeMs: r(m.decodeMs),
      splitParseMs: r(m.splitParseMs),
      totalMs: r(m.totalMs),
    };
  } finally {
    await page.close();
  }
}
