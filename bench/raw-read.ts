/**
 * The limit an import is measured against: in the same Chromium, a worker that reads a file,
 * decodes it, finds its lines and `JSON.parse`s each one, keeping nothing. Loopscope's drop →
 * first metrics does that and more (sniffing, the model, the replay, the rows); the ratio of the
 * two says how far the import is from the read itself.
 */
import type { Browser, Page } from '@playwright/test';

/**
 * Runs in a worker made from a blob: the whole file's read, decode, split and parse, timed. Read
 * and decoded in 64 MiB parts (a 1.2 GB file is more text than one string can hold), each part's
 * lines split by index, the line cut by a part's end carried to the next.
 */
const WORKER = `
onmessage = async (e) => {
  const file = e.data;
  const PART = 64 << 20;
  const decoder = new TextDecoder();
  let readMs = 0, decodeMs = 0, splitParseMs = 0, lines = 0, keys = 0, carry = '';
  const parse = (line) => {
    if (line.trim() === '') return;
    const o = JSON.parse(line);
    if (o && typeof o === 'object') keys++;
    lines++;
  };
  const t0 = performance.now();
  for (let at = 0; at < file.size; at += PART) {
    const a = performance.now();
    const buf = await file.slice(at, at + PART).arrayBuffer();
    const b = performance.now();
    const text = carry + decoder.decode(buf, { stream: at + PART < file.size });
    const c = performance.now();
    let start = 0;
    for (let end = text.indexOf('\\n'); end !== -1; end = text.indexOf('\\n', start)) {
      parse(text.slice(start, end));
      start = end + 1;
    }
    carry = text.slice(start);
    splitParseMs += performance.now() - c;
    readMs += b - a;
    decodeMs += c - b;
  }
  const c = performance.now();
  parse(carry);
  splitParseMs += performance.now() - c;
  postMessage({ readMs, decodeMs, splitParseMs, totalMs: performance.now() - t0, lines, objects: keys });
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
