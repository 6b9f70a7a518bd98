/**
 * For the SDK adapters' tests: the loop their scripted models make (the same missing file read at
 * every turn) and `loopscope detect --json` on the lines an adapter observed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import type { EngineConfig, LoopscopeEvent } from './index';

export async function detectLines(
  lines: readonly object[],
  config: string | EngineConfig,
): Promise<{ events: LoopscopeEvent[]; stoppedAt: { turn: number; call: number | null } | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-adapter-'));
  const file = join(dir, 'run.loop.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + '\n').join(''));
  const how = typeof config === 'string' ? ['--preset', config] : ['--config', join(dir, 'config.json')];
  if (typeof config !== 'string') writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const { code, out, err } = await cli('detect', file, ...how, '--json');
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as never;
}

export const LOOP_TEXT = 'Let me read the config.';
export const LOOP_PATH = 'config/missing.yml';
export const loopError = (path: string) => `Error: ENOENT: no such file or directory, open '${path}'`;

/** The first call of the loop as the transcript keeps it: arguments parsed, the tool's result. */
export const FIRST_LOOP_CALL = {
  id: 'call-1',
  name: 'read_file',
  args: { path: LOOP_PATH },
  result: { content: loopError(LOOP_PATH) },
};
