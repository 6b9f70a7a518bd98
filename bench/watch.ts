/**
 * The watch section of `npm run bench`: what `loopscope watch` costs on a long session. A Claude
 * Code session of 5,000 turns (one call and its result each, about 7 MB) is written, all but its
 * last 20 lines; then the watch reads it, and each of those lines is appended and read, as an
 * agent would write them. Prints the first read, the median and slowest appended line, and a poll
 * that finds nothing new (each a mean or median in milliseconds).
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTarget } from '../src/cli/watch/file-target';
import { WatchReport } from '../src/cli/watch/watch-report';
import { WatchedSession } from '../src/cli/watch/watched-session';
import { resolveConfig } from '../src/engine/config';
import { presetByName } from '../src/engine/presets/index';

const TURNS = 5000;
const APPENDED = 20;

/** A Claude Code session: a task, then turns of a Bash call and its result; every 50th turns loop. */
function sessionLines(turns: number): string[] {
  const base = { sessionId: 's1', parentUuid: null, isSidechain: false, timestamp: '2026-01-05T09:00:00.000Z' };
  const lines = [
    JSON.stringify({ ...base, type: 'user', uuid: 'u0', message: { role: 'user', content: 'Fix the bug' } }),
  ];
  for (let i = 1; i <= turns; i++) {
    const command = i % 50 < 40 ? `cat src/file${i % 37}.ts` : 'ls missing';
    const failed = command === 'ls missing';
    const text = `Step ${i}: ${'let me look at the next file. '.repeat(10)}`;
    lines.push(
      JSON.stringify({
        ...base,
        type: 'assistant',
        uuid: `a${i}`,
        message: {
          id: `msg${i}`,
          role: 'assistant',
          content: [
            { type: 'text', text },
            { type: 'tool_use', id: `tu${i}`, name: 'Bash', input: { command } },
          ],
        },
      }),
      JSON.stringify({
        ...base,
        type: 'user',
        uuid: `r${i}`,
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `tu${i}`,
              content: failed ? 'ls: cannot access missing: No such file' : `${'x'.repeat(800)}${i}`,
              is_error: failed,
            },
          ],
        },
      }),
    );
  }
  return lines.map((l) => `${l}\n`);
}

export async function benchWatch({ log }: { log: (s: string) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-bench-watch-'));
  try {
    const path = join(dir, 'session.jsonl');
    const lines = sessionLines(TURNS);
    const head = lines.length - APPENDED;
    writeFileSync(path, lines.slice(0, head).join(''));
    const sink = { write: () => 0 };
    const session = new WatchedSession(new FileTarget(path), new WatchReport(sink, sink, true), {
      config: resolveConfig(presetByName('recommended')!),
      ctx: {},
      format: undefined,
      intervalMs: 0,
      importGapMs: 0,
      endsWatch: () => false,
    });
    let t0 = performance.now();
    await session.step(false);
    const firstReadMs = performance.now() - t0;
    const appended: number[] = [];
    for (const line of lines.slice(head)) {
      appendFileSync(path, line);
      t0 = performance.now();
      await session.step(false);
      appended.push(performance.now() - t0);
    }
    appended.sort((a, b) => a - b);
    t0 = performance.now();
    for (let i = 0; i < 100; i++) await session.step(false);
    const idlePollMs = (performance.now() - t0) / 100;
    const r = {
      turns: TURNS,
      megabytes: Number((lines.join('').length / 1e6).toFixed(1)),
      firstReadMs: Math.round(firstReadMs),
      appendedLineMedianMs: Math.round(appended[appended.length >> 1]),
      appendedLineMaxMs: Math.round(appended[appended.length - 1]),
      idlePollMs: Number(idlePollMs.toFixed(2)),
    };
    log(`watch: ${JSON.stringify(r)}`);
    return r;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
