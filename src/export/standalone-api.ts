/**
 * The API at the end of the exported modules, written once: the TypeScript module gets it typed,
 * the JavaScript module untyped with the same declarations in its `.d.mts`. No user text here.
 */

/** The types the API returns; part of the TypeScript module and of the JavaScript module's `.d.mts`. */
const TYPES = `export type LoopscopeAction = 'warn' | 'block' | 'terminate';

/** One event, exactly as in the \`events\` of \`loopscope detect --json\` (same keys, same order). */
export interface LoopscopeEvent {
  turn: number;
  call?: number;
  detector: string;
  action: LoopscopeAction;
  level: number;
  /** The message the detector would send to the agent. */
  message: string;
}

/** The same as LoopscopeEvent, kept for code written when replay gave no message. */
export type LoopscopeEventWithMessage = LoopscopeEvent;

export interface LoopscopeDetails {
  /** Where the first "terminate" stops the run, or null. */
  stoppedAt: { turn: number; call?: number } | null;
  /** The objects that could not be read, by position (1-based), with the reader's reason. */
  skipped: { line?: number; reason: string }[];
}

/** The config this module runs, as exported from Loopscope. */
export interface LoopscopeConfig {
  name?: string;
  basedOn?: string;
  countAction?: LoopscopeAction;
  ignoreTextualCalls?: boolean;
  detectors: Record<string, Record<string, unknown>>;
}`;

const DOC_REPLAY = `/**
 * Replays a run through this config's detectors and returns every event with its message, as
 * \`loopscope detect --json\` does. \`turns\`: the assistant lines' objects of a Loopscope JSONL
 * transcript, in order ({text, calls: [{name, args, result: {content, isError}}], tokens, agent});
 * a missing \`type\` means assistant. Every line of the file may be passed too: user and system
 * lines count as context, judge lines as recorded judge answers. An object that cannot be read is
 * skipped, as the file reader skips the line. Call it again with the longer list after each turn;
 * stop the agent at the first event whose action is "terminate".
 */`;

const DOC_WITH_MESSAGES = `/** The same as replay; kept for code written when replay gave no message. */`;

const DOC_DETAILS = `/** Where the first "terminate" stops the run, or null; and the objects that were skipped, with why. */`;

/** The functions at the end of a module; `typed` for the TypeScript module. */
export function apiTail(typed: boolean): string {
  const t = (s: string) => (typed ? s : '');
  const turns = `turns${t(': readonly object[]')}`;
  return `${typed ? `\n${TYPES}\n` : ''}
function runConfig(${turns}) {
  return __loopscope_core.run(turns, DETECTORS, config.ignoreTextualCalls === true);
}

${DOC_REPLAY}
export function replay(${turns})${t(': LoopscopeEvent[]')} {
  return runConfig(turns).events.map(__loopscope_core.publicEvent);
}

${DOC_WITH_MESSAGES}
export function replayWithMessages(${turns})${t(': LoopscopeEvent[]')} {
  return replay(turns);
}

${DOC_DETAILS}
export function replayDetails(${turns})${t(': LoopscopeDetails')} {
  const r = runConfig(turns);
  return { stoppedAt: r.stoppedAt, skipped: r.warnings.map((w) => ({ line: w.line, reason: w.reason })) };
}
`;
}

/** The declarations of the JavaScript module, after its header comment. */
export const DECLARATIONS = `${TYPES}

export declare const config: LoopscopeConfig;

${DOC_REPLAY}
export declare function replay(turns: readonly object[]): LoopscopeEvent[];

${DOC_WITH_MESSAGES}
export declare function replayWithMessages(turns: readonly object[]): LoopscopeEvent[];

${DOC_DETAILS}
export declare function replayDetails(turns: readonly object[]): LoopscopeDetails;
`;
