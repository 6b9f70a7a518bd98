/**
 * Which events of a run still being written may be printed. Detectors read each turn as a whole
 * (how many calls it has, its text, each call's result), so an event on the newest turn can still
 * move or vanish while that turn is being written: Claude Code writes one response as several
 * lines, and every tool result comes on a line of its own. Events of earlier turns never change.
 */
import type { DetectorEvent } from '../../engine/types';
import type { Transcript } from '../../model/transcript';

/** An event of one transcript of the watched file (a file may hold several). */
export interface WatchEvent {
  /** Position of its transcript in the file, from 0. */
  transcript: number;
  title: string;
  event: DetectorEvent;
}

export interface Settled {
  /** Events that no later line can change: print them. */
  settled: WatchEvent[];
  /** Events of the newest turn while it may still change: printed once it is settled. */
  held: WatchEvent[];
}

/**
 * How far the file is: still being `written`, `quiet` (unchanged for the watch interval), or
 * `final` (the watch stops: what is there is the run as `detect` would read it now).
 */
export type FileState = 'written' | 'quiet' | 'final';

/**
 * The newest turn is settled once a later turn has begun (then it is not in this transcript's
 * last place) or, when the file is quiet, every call of it has its result. A turn without calls
 * is settled only by a later turn: the tool calls of the same response may still be on their way.
 */
export function newestTurnSettled(t: Transcript, state: FileState): boolean {
  const last = t.turns[t.turns.length - 1];
  if (last === undefined || state === 'final') return true;
  return state === 'quiet' && last.calls.length > 0 && last.calls.every((c) => c.result !== undefined);
}

/** Splits the events of every transcript of a file into printable and held ones, in run order. */
export function settleEvents(
  runs: readonly { transcript: Transcript; events: readonly DetectorEvent[] }[],
  state: FileState,
): Settled {
  const out: Settled = { settled: [], held: [] };
  runs.forEach(({ transcript, events }, i) => {
    // Only the file's last transcript is still being written.
    const isLast = i === runs.length - 1;
    const open = isLast && !newestTurnSettled(transcript, state);
    const newest = transcript.turns[transcript.turns.length - 1]?.index;
    for (const event of events) {
      const e = { transcript: i, title: transcript.title, event };
      (open && event.turn === newest ? out.held : out.settled).push(e);
    }
  });
  return out;
}

/**
 * What makes two events the same event: printed once, even after the file is read again from the
 * start (replaced or truncated). The title is not part of it: a session names itself later.
 */
export function eventKey(e: WatchEvent): string {
  const { turn, call, detector, action, level, message } = e.event;
  return JSON.stringify([e.transcript, turn, call ?? null, detector, action, level, message]);
}
