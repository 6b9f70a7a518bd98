/**
 * The CLI as a user starts it, in a child process. The one place that says how it starts, so a
 * change of entry point (a bundled CLI) is one line.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';

/** How the CLI starts from the sources: `src/cli/bin.ts` (what the bundled CLI is built from) through tsx. */
const ENTRY = ['--import', 'tsx', resolve('src/cli/bin.ts')];

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout / stderr so far. */
  out: () => string;
  err: () => string;
  /** Resolves once stdout (or stderr) satisfies `done`; rejects after `ms` with what was seen. */
  waitFor: (done: (out: string, err: string) => boolean, ms?: number) => Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export function spawnCli(args: string[]): CliProcess {
  const child = spawn(process.execPath, [...ENTRY, ...args], { stdio: 'pipe' });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const check = () => waiters.forEach((w) => w());
  child.stdout.on('data', (c) => ((out += String(c)), check()));
  child.stderr.on('data', (c) => ((err += String(c)), check()));
  const exited = new Promise<number | null>((res) => child.on('close', (code) => (check(), res(code))));
  const waitFor = (done: (o: string, e: string) => boolean, ms = 8000) =>
    new Promise<void>((res, rej) => {
      const timer = setTimeout(() => {
        waiters.delete(w);
        rej(new Error(`timed out after ${ms} ms; stdout: ${out}\nstderr: ${err}`));
      }, ms);
      const w = () => {
        if (!done(out, err)) return;
        clearTimeout(timer);
        waiters.delete(w);
        res();
      };
      waiters.add(w);
      w();
    });
  return { child, out: () => out, err: () => err, waitFor, exited };
}
