/**
 * The Loopscope CLI as the browser tests run it, in one place: the command that starts it can be
 * switched here (the bundled CLI that `npm ci` builds, dist/cli.mjs) for every spec at once.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export type CliEvent = Record<string, unknown>;

/** Runs `loopscope <args>` and returns what it printed; throws on a non-zero exit. */
export function loopscope(args: string[]): string {
  return execFileSync('node', [resolve('dist/cli.mjs'), ...args], { encoding: 'utf8' });
}

/** `loopscope detect --json FILE --config CONFIG`: the file's events, with their messages. */
export function detectEvents(file: string, configPath: string): CliEvent[] {
  const out = loopscope(['detect', '--json', file, '--config', configPath]);
  return (JSON.parse(out.trim()) as { events: CliEvent[] }).events;
}

/** Events without their messages (what the Python module prints). */
export function withoutMessages(events: readonly CliEvent[]): CliEvent[] {
  return events.map(({ message: _m, ...e }) => e);
}
