/**
 * The event history OpenHands' StuckDetector reads, rebuilt from a transcript: each call is an
 * action followed by its observation, a text-only turn is an agent message, context messages are
 * user messages or condensations. The scenario checks (stuck-scenarios.ts) read it from the end.
 */
import type { ContextMessage } from '../../model/transcript';

export type StuckEvent =
  | { k: 'act'; key: string; label: string }
  | { k: 'msg'; text: string }
  | { k: 'obs'; key: string; error: boolean; ipython?: string }
  | { k: 'cond' }
  | { k: 'user' };

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
  constructor(private readonly cap: number) {}

  push(e: StuckEvent): void {
    this.events.push(e);
    if (this.events.length > 2 * this.cap) this.events = this.events.slice(-this.cap);
  }

  clear(): void {
    this.events = [];
  }
}
