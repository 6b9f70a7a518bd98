/**
 * A share link from the moment it is opened: pending (its run looked up, the stored draft read)
 * → resolved or missing (the run is here, or not) → asked (the user's tuned draft differs from
 * the link's config: Apply / Keep mine) → applied (Undo offered) or kept; applied → undone.
 * One pure transition function; the slice (share-link-slice.ts) carries out what a step means.
 */
import { settingsKey, type EngineConfig } from '../engine/config';
import type { LinkTarget } from '../persistence/share-link-target';
import { isTuned } from './config-settings';

/** A draft and the preset it is measured against, as the Tune tab holds them. */
export interface DraftSnapshot {
  draft: EngineConfig;
  presetName: string;
}

/** The link's config, validated, with the preset it is measured against. */
export interface IncomingConfig extends DraftSnapshot {
  name: string;
}

export type LinkRun =
  | { status: 'found'; id: number; turn: number }
  | { status: 'missing'; title: string }
  /** The link names no run (a config alone, or a run part that did not parse). */
  | { status: 'none' };

interface Opened {
  target: LinkTarget;
  /** Null when the link has no config or its config was refused (a message said why). */
  incoming: IncomingConfig | null;
}

export type LinkLifecycle =
  | { phase: 'idle' }
  | ({ phase: 'pending' } & Opened)
  | ({ phase: 'resolved' | 'missing'; run: LinkRun } & Opened)
  | ({ phase: 'asked'; run: LinkRun; incoming: IncomingConfig } & Pick<Opened, 'target'>)
  | ({ phase: 'applied'; run: LinkRun; incoming: IncomingConfig; previous: DraftSnapshot } & Pick<Opened, 'target'>)
  | ({ phase: 'kept'; run: LinkRun; incoming: IncomingConfig } & Pick<Opened, 'target'>)
  | ({ phase: 'undone'; run: LinkRun; incoming: IncomingConfig; previous: DraftSnapshot } & Pick<Opened, 'target'>);

export type LinkEvent =
  | ({ type: 'open' } & Opened)
  | { type: 'resolve'; run: LinkRun }
  /** The stored draft is known: apply at once, or ask when the user's tuned draft would be lost. */
  | { type: 'decide'; current: DraftSnapshot }
  | { type: 'apply'; current: DraftSnapshot }
  | { type: 'keep' }
  | { type: 'undo' }
  | { type: 'dismiss' };

export const IDLE: LinkLifecycle = { phase: 'idle' };

/** Whether applying `incoming` over `current` would lose tuning the user did. */
export function needsAsking(current: DraftSnapshot, incoming: IncomingConfig): boolean {
  return isTuned(current.draft, current.presetName) && settingsKey(current.draft) !== settingsKey(incoming.draft);
}

/** The next state; an event that does not fit the state leaves it as it is. */
export function linkTransition(state: LinkLifecycle, event: LinkEvent): LinkLifecycle {
  switch (event.type) {
    case 'open':
      // A newer link replaces whatever the last one was doing.
      return { phase: 'pending', target: event.target, incoming: event.incoming };
    case 'dismiss':
      return IDLE;
    case 'resolve':
      if (state.phase !== 'pending') return state;
      return { ...state, phase: event.run.status === 'missing' ? 'missing' : 'resolved', run: event.run };
    case 'decide': {
      if ((state.phase !== 'resolved' && state.phase !== 'missing') || !state.incoming) return state;
      const { target, run, incoming } = state;
      return needsAsking(event.current, incoming)
        ? { phase: 'asked', target, run, incoming }
        : { phase: 'applied', target, run, incoming, previous: event.current };
    }
    case 'apply':
      if (state.phase !== 'asked') return state;
      return { ...state, phase: 'applied', previous: event.current };
    case 'keep':
      return state.phase === 'asked' ? { ...state, phase: 'kept' } : state;
    case 'undo':
      return state.phase === 'applied' ? { ...state, phase: 'undone' } : state;
  }
}
