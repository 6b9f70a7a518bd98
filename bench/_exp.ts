import { readFileSync } from 'node:fs';
import { parseLoopscopeJsonl } from '../src/import/loopscope-jsonl';
import type { Transcript } from '../src/model/transcript';
import { BENCH_URL, launchChromium, startServer, stopServer } from './chromium';
import { generateRun } from './generate';
import { linesSource } from './lines-source';
const out: Transcript[] = [];
for (let i = 0; i < 50; i++) {
  const calls = i === 0 ? 3000 : 20 + Math.floor((((i * 37) % 50) ** 2 / 2500) * 620);
  out.push(...(await parseLoopscopeJsonl(linesSource('x', generateRun(calls, 5000 + i).lines))).transcripts);
}
const server = await startServer(process.cwd());
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(BENCH_URL + 'favicon.svg');
  const code = readFileSync(process.argv[2], 'utf8');
  console.log(await page.evaluate(`(${code})(${JSON.stringify(JSON.stringify(out))})`));
} finally {
  await browser.close();
  stopServer(server);
}
