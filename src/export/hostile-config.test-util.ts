/**
 * A config whose every user string is hostile, and a run on which it fires only if its tool names
 * reach the generated module intact: the same call to the hostile exploration tool, 4 times in a
 * row, is refused at the 3rd (threshold 2) and not at all under the default threshold 5.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import type { EngineConfig } from '../engine/config';
import { hostileString } from './escape/hostile-strings.test-util';

export interface HostileCase {
  name: string;
  basedOn: string;
  tool: string;
  other: string;
}

/** Any name and preset name; tool names prefixed, as an empty or blank tool name is not a call the reader keeps. */
export const hostileCase: fc.Arbitrary<HostileCase> = fc.record({
  name: hostileString,
  basedOn: hostileString,
  tool: hostileString.map((s) => `t${s}`),
  other: hostileString.map((s) => `o${s}`),
});

/** The events of hostileConfig on hostileRun: the 3rd and 4th identical calls refused. */
export const REFUSED = [3, 4].map((n, i) => ({
  turn: n,
  call: n,
  detector: 'consecutive-repeat',
  action: 'terminate',
  level: i + 1,
}));

export function hostileConfig(c: HostileCase): EngineConfig {
  return {
    name: c.name,
    basedOn: c.basedOn,
    detectors: {
      'consecutive-repeat': {
        explorationTools: [c.tool],
        explorationThreshold: 2,
        modificationTools: [c.other],
        defaultThreshold: 5,
        action: 'terminate',
      },
    },
  };
}

/** The run's lines as objects: a meta line, then four identical calls to the hostile tool. */
export function hostileRun(c: HostileCase): Record<string, unknown>[] {
  const call = { type: 'assistant', calls: [{ name: c.tool, args: { path: c.other } }] };
  return [{ type: 'meta', version: 1, title: c.name }, call, call, call, call];
}

export function writeJsonl(dir: string, file: string, lines: unknown[]): string {
  const path = join(dir, file);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

/** `loopscope detect --json` on a run under a config: its events, without messages unless asked. */
export async function engineEvents(config: EngineConfig, run: string, withMessages = false): Promise<unknown[]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-hostile-config-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ config }));
  const { code, out, err } = await cli('detect', '--json', run, '--config', file);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  const record = JSON.parse(out) as { events: Record<string, unknown>[] };
  return withMessages ? record.events : record.events.map(({ message: _m, ...e }) => e);
}
