/**
 * What the browser benchmarks share: the built app served by `vite preview` on LOOPSCOPE_PORT (so
 * a run can share the machine with another; the e2e specs read it too) and Debian's Chromium,
 * launched as the browser tests launch it (e2e/chromium.ts).
 */
import { chromium, type Browser } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

export const BENCH_PORT = Number(process.env.LOOPSCOPE_PORT) || 4175;
export const BENCH_URL = `http://127.0.0.1:${BENCH_PORT}/`;

/** Builds the app if there is no build, serves it, and resolves once it answers. */
export async function startServer(root: string): Promise<ChildProcess> {
  if (!existsSync(join(root, 'dist/app/index.html')))
    spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
  const args = ['vite', 'preview', '--host', '127.0.0.1', '--port', String(BENCH_PORT), '--strictPort'];
  const busy = await fetch(BENCH_URL).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${BENCH_PORT} already serves something: stop it or set LOOPSCOPE_PORT`);
  const server = spawn('npx', args, { cwd: root, stdio: 'ignore', detached: true });
  let exited = false;
  server.on('exit', () => (exited = true));
  for (let i = 0; i < 100; i++) {
    // With --strictPort a busy port ends our server: what answers there is another one.
    if (exited) throw new Error(`vite preview could not serve on port ${BENCH_PORT} (in use?)`);
    try {
      if ((await fetch(BENCH_URL)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

/** Stops the server and the processes it started (it runs in its own process group). */
export function stopServer(server: ChildProcess): void {
  try {
    process.kill(-server.pid!);
  } catch {
    server.kill();
  }
}

/**
 * Extra Chromium switches for a diagnosis run (LOOPSCOPE_BENCH_CHROMIUM_ARGS: one switch, or a JSON
 * array of them), e.g. `--js-flags=--trace-gc` with DEBUG=pw:browser to see every heap's collections.
 */
function extraArgs(value = process.env.LOOPSCOPE_BENCH_CHROMIUM_ARGS): string[] {
  if (!value) return [];
  return value.trimStart().startsWith('[') ? (JSON.parse(value) as string[]) : [value];
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs()] });
}
