/** `loopscope detect --json` under a config, for comparing the exported modules with the engine. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import type { EngineConfig } from '../engine/config';

export type DetectEvent = Record<string, unknown>;

/** The events (with their messages) of each file, in the order given. */
export async function detectEvents(config: EngineConfig, files: string[]): Promise<DetectEvent[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-detect-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ loopscope: 'config', version: 1, config }));
  const { code, out, err } = await cli('detect', '--json', ...files, '--config', file);
  // Warnings (a run with no tool calls, a call left out) are expected on stderr; failure is not.
  expect(code, err).toBe(0);
  const events = out
    .trimEnd()
    .split('\n')
    .map((l) => (JSON.parse(l) as { events: DetectEvent[] }).events);
  expect(events.length).toBe(files.length);
  return events;
}

/** Events without their messages, for checks on where and how a detector fired. */
export function withoutMessages(events: readonly DetectEvent[]): DetectEvent[] {
  return events.map(({ message: _m, ...e }) => e);
}
