/**
 * The event history OpenHands' StuckDetector reads, rebuilt from a transcript: each call is an
 * action followed by its observation, a text-only turn is an agent message, context messages are
 * user messages or condensations. The scenario checks (stuck-scenarios.ts) read it from the end.
 */
import type { ContextMessage } from '../../model/transcript';
import type { CallView } from '../types';

/**
 * An observation's key is computed only when two actions already match (`obsKey`): fingerprinting
 * every result would cost more than every other check together. `shell` (v0): a shell tool's
 * observation is its command and error flag; otherwise the tool and its result fingerprint
 * (`raw`: as recorded, else normalised). Plain data, no closure per call.
 */
export type StuckObservation = {
  k: 'obs';
  key?: string;
  call: CallView;
  shell: boolean;
  raw: boolean;
  error: boolean;
  ipython?: string;
  /** An IPython cell's code: its observation type carries it, so it is part of the comparison. */
  code?: string;
};

/** `nudge`: the SDK's action-error nudge, a MessageEvent from the environment (neither agent nor user). */
export type StuckEvent =
  | { k: 'act'; key: string }
  | { k: 'msg'; text: string }
  | StuckObservation
  | { k: 'cond' }
  | { k: 'user' }
  | { k: 'nudge' };

export function obsKey(o: StuckObservation): string {
  return (o.key ??= makeObsKey(o));
}

function makeObsKey(o: StuckObservation): string {
  const c = o.call;
  if (o.shell) {
    const a = c.args;
    const cmd = a !== null && typeof a === 'object' && !Array.isArray(a) ? JSON.stringify(a.command ?? null) : '';
    return `\u0000shell\u0000${cmd}\u0000${c.result!.isError ? 1 : 0}`;
  }
  return `${c.name}\u0000${o.code ?? ''}\u0000${o.raw ? c.resultFp : c.normResultFp}`;
}

/**
 * System-generated user messages that do not move the interactive window (stuck.py
 * `_CORRECTIVE_NUDGE_FRAGMENTS`, OpenHands/OpenHands 331a1a4).
 */
export const CORRECTIVE_NUDGE_FRAGMENTS = [
  'Your last response did not include a function call',
  'did not include a function call or a message',
  'Please use a tool to proceed',
];

/** A condensation recorded by an importer (docs/formats.md: `extra.condensation`). */
export function isCondensation(m: ContextMessage): boolean {
  return m.role === 'system' && m.extra?.condensation === true;
}

export function isRealUserMessage(m: ContextMessage): boolean {
  return m.role === 'user' && !CORRECTIVE_NUDGE_FRAGMENTS.some((f) => m.text.includes(f));
}

/**
 * The history since the last reset, bounded: old events are dropped in blocks so a long run costs
 * constant memory. `cap` events are always kept.
 */
export class StuckHistory {
  events: StuckEvent[] = [];
  /** Agent messages and condensations held: the scans for them are skipped while too few. */
  messages = 0;
  condensations = 0;
  constructor(private readonly cap: number) {}

  push(e: StuckEvent): void {
    this.events.push(e);
    if (e.k === 'msg') this.messages++;
    else if (e.k === 'cond') this.condensations++;
    if (this.events.length > 2 * this.cap) {
      this.events = this.events.slice(-this.cap);
      this.messages = 0;
      this.condensations = 0;
      for (const x of this.events)
        if (x.k === 'msg') this.messages++;
        else if (x.k === 'cond') this.condensations++;
    }
  }

  clear(): void {
    this.events = [];
    this.messages = 0;
    this.condensations = 0;
  }
}
