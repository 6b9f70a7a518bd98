import type { CycleSample, DetectorEvent, DetectorId, DetectorSink, JudgeCheck } from './types';

type Emitted = Parameters<DetectorSink['emit']>[0];

/** The event a detector's `emit` becomes, at the turn and call being fed (the replay and sessions alike). */
export function makeEvent(id: DetectorId, e: Emitted, turnNo: number, callNo: number | undefined): DetectorEvent {
  const ev: DetectorEvent = {
    turn: e.turn ?? turnNo,
    detector: id,
    action: e.action,
    level: e.level,
    message: e.message,
  };
  const call = e.call ?? callNo;
  if (call !== undefined) ev.call = call;
  if (e.pattern) ev.pattern = e.pattern;
  return ev;
}

/** Where a replay is: the turn being fed, and the call (undefined while the turn's start is fed). */
export interface ReplayPosition {
  turnNo: number;
  callNo: number | undefined;
}

/** Where a sink's outputs go, each already stamped with its detector and position. */
export interface SinkOutputs {
  event(ev: DetectorEvent): void;
  cycle(c: CycleSample): void;
  check(c: JudgeCheck): void;
}

/**
 * The sink one detector writes to, read at `at` when it writes: the whole replay (one detector
 * at a time, each output tagged with its step) and the stepper (every detector each step) differ
 * only in where the outputs go.
 */
export function detectorSink(id: DetectorId, at: ReplayPosition, out: SinkOutputs): DetectorSink {
  return {
    emit: (e) => out.event(makeEvent(id, e, at.turnNo, at.callNo)),
    cycle: (period, repetitions) =>
      out.cycle({ turn: at.turnNo, call: at.callNo ?? 0, detector: id, period, repetitions }),
    check: (c) => out.check({ ...c, turn: c.turn ?? at.turnNo }),
  };
}

/** Where a terminate event stops the run. */
export function stopPointOf(ev: DetectorEvent): { turn: number; call?: number } {
  return ev.call === undefined ? { turn: ev.turn } : { turn: ev.turn, call: ev.call };
}

/** An event as `loopscope detect --json`, the package API and the exported modules give it. */
export type PublicEvent = Pick<DetectorEvent, 'turn' | 'call' | 'detector' | 'action' | 'level' | 'message'>;

/** The public shape of an event: these keys in this order, `call` only when the event has one. */
export function publicEvent(e: DetectorEvent): PublicEvent {
  const o: PublicEvent = { turn: e.turn } as PublicEvent;
  if (e.call !== undefined) o.call = e.call;
  o.detector = e.detector;
  o.action = e.action;
  o.level = e.level;
  o.message = e.message;
  return o;
}
