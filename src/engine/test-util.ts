/**
 * Builders for engine tests: small transcripts from call lists, and a replay shortcut.
 * Test-only helper (imported by *.test.ts files), kept pure like the rest of the engine.
 */
import { normalizeTranscript, type CallDraft, type TurnDraft } from '../model/normalize';
import type { ContextMessage, Label, Transcript } from '../model/transcript';
import type { EngineConfig, ResolvedConfig } from './config';
import { replay, type ReplayResult } from './replay';
import type { DetectorEvent, DetectorId } from './types';

export interface CallSpec {
  name: string;
  args?: unknown;
  /** A string is a successful result; use `{content, isError}` for errors. */
  result?: string | { content: string; isError?: boolean };
  agent?: string;
}

export interface TurnSpec {
  text?: string;
  calls?: CallSpec[];
  agent?: string;
  tokens?: { input: number; output: number };
  before?: ContextMessage[];
}

/** One call. */
export function call(name: string, args: unknown = {}, result?: CallSpec['result'], agent?: string): CallSpec {
  return { name, args, result, agent };
}

/** A failed call (result.isError = true). */
export function failed(name: string, args: unknown, content = 'error'): CallSpec {
  return { name, args, result: { content, isError: true } };
}

function toCallDraft(c: CallSpec): CallDraft {
  const result = typeof c.result === 'string' ? { content: c.result, isError: false } : c.result;
  return { name: c.name, args: c.args ?? {}, result, agent: c.agent };
}

function isTurnSpec(x: unknown): x is TurnSpec {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && !('name' in x);
}

/**
 * A transcript, one turn per item: a CallSpec is a turn with that one call, an array is a turn
 * with several calls, a string is a text-only turn, a TurnSpec is taken as it is.
 */
export function transcriptOf(items: (CallSpec | CallSpec[] | string | TurnSpec)[], labels: Label[] = []): Transcript {
  const turns: TurnDraft[] = items.map((it) => {
    if (typeof it === 'string') return { text: it, calls: [] };
    if (Array.isArray(it)) return { text: '', calls: it.map(toCallDraft) };
    if (isTurnSpec(it))
      return {
        text: it.text ?? '',
        calls: (it.calls ?? []).map(toCallDraft),
        agent: it.agent,
        tokens: it.tokens,
        before: it.before,
      };
    return { text: '', calls: [toCallDraft(it)] };
  });
  return normalizeTranscript({ title: 'test', format: 'test', turns, labels });
}

/** Replays with a config naming only the given detectors (others disabled). */
export function run(t: Transcript, config: EngineConfig | ResolvedConfig): ReplayResult {
  return replay(t, config);
}

/** The events of one detector, or of all when no id is given. */
export function eventsOf(t: Transcript, config: EngineConfig | ResolvedConfig, id?: DetectorId): DetectorEvent[] {
  const events = replay(t, config).events;
  return id ? events.filter((e) => e.detector === id) : events;
}

/** Compact view of events for exact call-by-call assertions: [call ?? turn, action, level]. */
export function brief(events: DetectorEvent[]): [number | undefined, string, number][] {
  return events.map((e) => [e.call, e.action, e.level]);
}
