/**
 * Drives one watched session step by step, without timers: the test writes to the file, then
 * steps, so every state the watch could see between two writes is seen.
 */
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { FileTarget } from './file-target';
import { WatchReport } from './watch-report';
import { WatchedSession } from './watched-session';
import type { Target } from './target';

export interface Followed {
  session: WatchedSession;
  /** Events printed so far, as parsed `--json` lines. */
  events: () => Record<string, unknown>[];
  /** Everything written to stderr. */
  err: () => string;
  step: (final?: boolean) => Promise<boolean>;
}

/** A watched session of `target` under a preset; `intervalMs` 0: the file is quiet at every step. */
export function follow(target: Target, preset: string, intervalMs = 0): Followed {
  let out = '';
  let err = '';
  const report = new WatchReport({ write: (s: string) => (out += s) }, { write: (s: string) => (err += s) }, true);
  const config = presetByName(preset);
  if (!config) throw new Error(`no preset ${preset}`);
  const session = new WatchedSession(target, report, {
    config: resolveConfig(config),
    ctx: {},
    format: undefined,
    intervalMs,
    importGapMs: 0,
    endsWatch: () => false,
  });
  return {
    session,
    events: () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    err: () => err,
    step: async (final = false) => (await session.step(final)).ended,
  };
}

/** A new empty file in a fresh temp folder. */
export function tempFile(name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'loopscope-watch-')), name);
  writeFileSync(path, '');
  return path;
}

/** Appends `text` to `path` and steps. */
export async function appendAndStep(f: Followed, path: string, text: string): Promise<void> {
  appendFileSync(path, text);
  await f.step();
}

export function fileFollower(path: string, preset: string, intervalMs = 0): Followed {
  return follow(new FileTarget(path), preset, intervalMs);
}
