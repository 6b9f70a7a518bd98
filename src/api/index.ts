/**
 * The package's API (`import { createMonitor, replay, presets } from 'loopscope'`): the engine the
 * workbench and the CLI run, for an agent's own loop. Events have the shape of `loopscope detect
 * --json`'s events.
 */
import { validateConfig, type EngineConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { publicEvent } from '../engine/event';
import { replay as replayTranscript } from '../engine/replay';
import { LoopscopeReader } from '../import/loopscope-reader';
import type { Action } from '../engine/types';
import type { Transcript } from '../model/transcript';

export type { EngineConfig } from '../engine/config';
export type { Action } from '../engine/types';

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

/** Loopscope JSONL lines (a missing `type` means assistant) as one transcript. */
function transcriptOf(lines: readonly unknown[]): Transcript | undefined {
  const reader = new LoopscopeReader('turns');
  lines.forEach((o, i) => {
    if (typeof o === 'object' && o !== null && !Array.isArray(o)) {
      const type = (o as { type?: unknown }).type;
      if (type === 'meta' || type === 'label') return;
      if (type === undefined) o = { ...o, type: 'assistant' };
    }
    reader.add(o, i + 1);
  });
  reader.finish();
  return reader.done[0];
}

/** Every event of a run (Loopscope JSONL lines' objects, in order) under a config or preset. */
export function replay(turns: readonly object[], config: ConfigOrPreset): LoopscopeEvent[] {
  const t = transcriptOf(turns);
  if (!t) return [];
  return replayTranscript(t, configOf(config)).events.map(publicEvent);
}

export interface Monitor {
  /**
   * Takes the next line of the run: an assistant turn ({text, calls: [{name, args, result:
   * {content, isError}}]}, a missing `type` means assistant) or a user/system line (context).
   * Returns the events raised at that turn.
   */
  observe(turn: object): LoopscopeEvent[];
  /** Every event so far. */
  readonly events: readonly LoopscopeEvent[];
  /** Where the first "terminate" stopped the run, or null. */
  readonly stoppedAt: { turn: number; call?: number } | null;
}

/** A monitor for one run: feed it each turn as the agent takes it. */
export function createMonitor(config: ConfigOrPreset): Monitor {
  const resolved = configOf(config);
  const lines: object[] = [];
  let events: LoopscopeEvent[] = [];
  return {
    observe(turn) {
      lines.push(turn);
      const all = replay(lines, resolved);
      const fresh = all.slice(events.length);
      events = all;
      return fresh;
    },
    get events() {
      return events;
    },
    get stoppedAt() {
      const stop = events.find((e) => e.action === 'terminate');
      return stop ? (stop.call !== undefined ? { turn: stop.turn, call: stop.call } : { turn: stop.turn }) : null;
    },
  };
}
