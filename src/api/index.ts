/**
 * The package's API (`import { createMonitor, replay, presets } from 'loopscope'`): the engine the
 * workbench and the CLI run, for an agent's own loop. Events have the shape of `loopscope detect
 * --json`'s events.
 */
import { resolveConfig, validateConfig, type EngineConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { publicEvent } from '../engine/event';
import { replay as replayTranscript } from '../engine/replay';
import { readRunLines } from '../import/run-line';
import { LiveRun } from '../monitor/live-run';
import type { Action } from '../engine/types';
import type { ImportWarning } from '../model/transcript';

export type { EngineConfig } from '../engine/config';
export type { Action } from '../engine/types';
export type { ImportWarning } from '../model/transcript';

/** One event, as in the `events` of `loopscope detect --json`. */
export interface LoopscopeEvent {
  turn: number;
  call?: number;
  detector: string;
  action: Action;
  level: number;
  /** The message the detector would send to the agent. */
  message: string;
}

/** A config object (as exported from the workbench) or a preset's name (`loopscope presets`). */
export type ConfigOrPreset = EngineConfig | string;

/** The named presets, by name, as `loopscope presets --json` lists them. */
export const presets: Readonly<Record<string, EngineConfig>> = Object.freeze(
  Object.fromEntries(PRESETS.map((p) => [p.name ?? '', p])),
);

/** A config from a preset name or a config object (checked as a config file is). */
export function configOf(config: ConfigOrPreset): EngineConfig {
  if (typeof config === 'string') {
    const p = presets[config];
    if (!p) throw new Error(`no preset named "${config}" (presets: ${Object.keys(presets).join(', ')})`);
    return p;
  }
  return validateConfig(config);
}

/** Every event of a run (Loopscope JSONL lines' objects, in order) under a config or preset. */
export function replay(turns: readonly object[], config: ConfigOrPreset): LoopscopeEvent[] {
  const t = readRunLines(turns).transcript;
  if (!t) return [];
  return replayTranscript(t, configOf(config)).events.map(publicEvent);
}

export interface Monitor {
  /**
   * Takes the next line of the run: an assistant turn ({text, calls: [{name, args, result:
   * {content, isError}}]}, a missing `type` means assistant), a user/system line (context for the
   * next turn) or a judge line (a recorded answer for a check of a later turn). Returns the
   * events raised at that turn (none for other lines). Each call does one turn's work.
   */
  observe(turn: object): LoopscopeEvent[];
  /** Every event so far. */
  readonly events: readonly LoopscopeEvent[];
  /** Where the first "terminate" stopped the run, or null. */
  readonly stoppedAt: { turn: number; call?: number } | null;
  /** Lines that could not be used, as `loopscope detect` reports them (line: the observe call, 1-based). */
  readonly warnings: readonly ImportWarning[];
}

/** The monitor given, or a new one for a config or preset name: what the agent adapters accept. */
export function monitorOf(monitor: Monitor | ConfigOrPreset): Monitor {
  return typeof monitor === 'object' && 'observe' in monitor ? monitor : createMonitor(monitor);
}

/** A monitor for one run: feed it each turn as the agent takes it. */
export function createMonitor(config: ConfigOrPreset): Monitor {
  const run = new LiveRun(resolveConfig(configOf(config)));
  const events: LoopscopeEvent[] = [];
  return {
    observe(turn) {
      const fresh = run.add(turn).map(publicEvent);
      for (const e of fresh) events.push(e);
      return fresh;
    },
    get events() {
      return events;
    },
    get stoppedAt() {
      const stop = run.stoppedAt;
      // A copy: the caller cannot move the run's own stop point. It has stopPointOf's shape already.
      return stop ? { ...stop } : null;
    },
    get warnings() {
      return run.warnings;
    },
  };
}
