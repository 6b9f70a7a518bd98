/**
 * The TypeScript module a user pastes into their agent: the engine's reader and replay loop plus
 * the enabled detectors' own code (bundled at build time, scripts/standalone-pieces.ts), with the
 * config's resolved settings written in. No imports, no dependencies; `replay(turns)` returns the
 * events `loopscope detect --json` gives under the same config.
 */
import { resolveConfig, type EngineConfig } from '../engine/config';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import type { DetectorId } from '../engine/types';
import { tsStringBody, tsValue } from './escape/ts-literal';

export interface StandalonePieces {
  core: string;
  detectors: Record<string, string>;
}

export interface StandaloneModule {
  text: string;
  /** The enabled detectors it carries, in the engine's order. */
  detectors: DetectorId[];
}

/** Enabled detectors that have no bundled piece (their file is not named by their id). */
export class MissingPiecesError extends Error {
  constructor(readonly missing: string[]) {
    super(`no standalone code for ${missing.join(', ')} (its file must be src/engine/detectors/<id>.ts)`);
    this.name = 'MissingPiecesError';
  }
}

export function pieceVar(id: string): string {
  return `__loopscope_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** The enabled detectors with their resolved settings, in the engine's order (its event order). */
export function enabledSettings(config: EngineConfig): { id: DetectorId; settings: Record<string, unknown> }[] {
  const r = resolveConfig(config);
  return DETECTOR_DEFS.filter((d) => r.detectors[d.id].enabled).map((d) => ({
    id: d.id,
    settings: r.detectors[d.id] as Record<string, unknown>,
  }));
}

/** A detector's settings in one line of text, for a module's header (written escaped there). */
export function settingsLine(settings: Record<string, unknown>): string {
  return Object.entries(settings)
    .filter(([k]) => k !== 'enabled')
    .map(([k, v]) => `${k} ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`)
    .join(', ');
}

const API = `
export type LoopscopeAction = 'warn' | 'block' | 'terminate';

/** One event, as in the \`events\` of \`loopscope detect --json\` (without the message). */
export interface LoopscopeEvent {
  turn: number;
  call?: number;
  detector: string;
  action: LoopscopeAction;
  level: number;
}

export interface LoopscopeEventWithMessage extends LoopscopeEvent {
  /** The message the agent would be sent. */
  message: string;
}

function runConfig(turns: readonly object[]) {
  return __loopscope_core.run(turns, DETECTORS, config.ignoreTextualCalls === true);
}

/**
 * Replays a run through this config's detectors. \`turns\`: the assistant lines' objects of a
 * Loopscope JSONL transcript, in order ({text, calls: [{name, args, result: {content, isError}}],
 * tokens, agent}); a missing \`type\` means assistant. Every line of the file may be passed too:
 * user and system lines count as context, judge lines as recorded judge answers. An object that
 * cannot be read is skipped, as the file reader skips the line. Call it again with the longer list
 * after each turn; stop the agent at the first event whose action is "terminate".
 */
export function replay(turns: readonly object[]): LoopscopeEvent[] {
  return runConfig(turns).events.map(toEvent);
}

/** The same events with the message each detector would send to the agent. */
export function replayWithMessages(turns: readonly object[]): LoopscopeEventWithMessage[] {
  return runConfig(turns).events.map((e) => ({ ...toEvent(e), message: e.message }));
}

// The key order of \`loopscope detect --json\`; \`call\` only when the event has one.
function toEvent(e): LoopscopeEvent {
  const o = { turn: e.turn } as LoopscopeEvent;
  if (e.call !== undefined) o.call = e.call;
  o.detector = e.detector;
  o.action = e.action;
  o.level = e.level;
  return o;
}

/** Where the first "terminate" stops the run, or null; and the objects that were skipped, with why. */
export function replayDetails(turns: readonly object[]): {
  stoppedAt: { turn: number; call?: number } | null;
  skipped: { line?: number; reason: string }[];
} {
  const r = runConfig(turns);
  return { stoppedAt: r.stoppedAt, skipped: r.warnings.map((w) => ({ line: w.line, reason: w.reason })) };
}
`;

/** The module's text for a config; throws MissingPiecesError if an enabled detector has no piece. */
export function standaloneTs(config: EngineConfig, pieces: StandalonePieces, version = ''): StandaloneModule {
  const enabled = enabledSettings(config);
  const missing = enabled.filter((e) => !pieces.detectors[e.id]).map((e) => e.id);
  if (missing.length) throw new MissingPiecesError(missing);
  // User text in the header comment goes through tsStringBody: one line, nothing that ends the comment.
  const name = tsStringBody(config.name ?? 'config');
  const basedOn = config.basedOn ? `, based on ${tsStringBody(config.basedOn)}` : '';
  const header = [
    '// @ts-nocheck -- the engine code below is generated JavaScript; the typed API is at the end.',
    '/**',
    ` * Loopscope loop detectors for the config "${name}"${basedOn}.`,
    ` * Generated by Loopscope${version ? ` ${version}` : ''} from its engine's own code: the same reader, replay`,
    ' * loop and detector code as `loopscope detect`. No imports, no dependencies; Node, Deno, Bun or',
    ' * a browser. Usage: `const events = replay(turns)` (see replay below).',
    ' *',
    enabled.length
      ? ` * Detectors (only the enabled ones are here):`
      : ' * No detector is enabled in this config: replay() always returns [].',
    ...enabled.map((e) => ` * - ${e.id}: ${tsStringBody(settingsLine(e.settings))}`),
    ...(config.ignoreTextualCalls ? [' * Calls written as text in a message are left out (ignoreTextualCalls).'] : []),
    ' */',
    '',
    `export const config = ${tsValue(config, 2)};`,
    '',
  ];
  const body = [pieces.core, ...enabled.map((e) => pieces.detectors[e.id])];
  const list = [
    'const DETECTORS = [',
    ...enabled.map((e) => `  { def: ${pieceVar(e.id)}.def, settings: ${tsValue(e.settings)} },`),
    '];',
  ];
  return {
    text: [...header, ...body, '', ...list, API].join('\n'),
    detectors: enabled.map((e) => e.id),
  };
}
