/**
 * The Charts tab's per-turn query: fingerprint counts in a window around the cursor and the whole
 * run's top fingerprints counted exactly up to it, from the open session's call views. Asked at
 * every step while the Charts tab is on screen; reads only the window's calls.
 */
import * as Comlink from 'comlink';
import { fingerprintWindow, topCountsAt, type FingerprintWindow } from '../engine/fingerprint-window';
import type { OpenSession } from './open-sessions';

export interface ChartWindow extends FingerprintWindow {
  /** The radius asked for (the window is clipped to the run). */
  radius: number;
  /** wholeRun[i]: calls of the run's top fingerprint i (the replay's series order) up to the cursor. */
  wholeRun: number[];
}

/** Bars for turn `turn` of the open transcript, counted over turn ± `radius`. */
export function chartWindow(
  { session }: OpenSession,
  turn: number,
  radius: number,
  ignoreTextualCalls = false,
): ChartWindow {
  const callsOf = (t: number) => session.callsOfTurn(t, ignoreTextualCalls);
  const turns = session.transcript.turns.length;
  const at = Math.min(Math.max(1, turn), Math.max(1, turns));
  const w = fingerprintWindow(callsOf, turns, at, radius);
  const wholeRun = topCountsAt(session.fingerprintsFor(ignoreTextualCalls), callsOf, at);
  return Comlink.transfer(
    { ...w, radius, wholeRun },
    w.bars.map((b) => b.lines.buffer),
  );
}
