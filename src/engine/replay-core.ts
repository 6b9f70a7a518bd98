/**
 * The replay loop itself, given the detectors to run with their settings. It imports neither the
 * registry nor config validation, so the exported standalone module (src/export) bundles only the
 * enabled detectors' code around this same loop.
 */
import type { Transcript } from '../model/transcript';
import { makeEvent, stopPointOf } from './event';
import { LazyCallView } from './call-view';
import type { DetectorDef, Params } from './params';
import { FingerprintTracker, type FingerprintSeries } from './series';
import { withoutTextualCalls } from './textual-filter';
import type { JudgeCache } from './judge/request';
import type { CycleSample, Detector, DetectorEvent, DetectorId, DetectorSink, JudgeCheck, TurnView } from './types';

export interface StopPoint {
  turn: number;
  call?: number;
}

export interface ReplayResult {
  turns: number;
  calls: number;
  events: DetectorEvent[];
  checks: JudgeCheck[];
  cycles: CycleSample[];
  stoppedAt: StopPoint | null;
  fingerprints: FingerprintSeries;
}

export interface ReplayOptions {
  /** Cached answers for the llm-judge `openai-compatible` source; the engine never calls out. */
  judgeCache?: JudgeCache;
}

/** One detector to run: its definition and its resolved settings. */
export interface DetectorRun {
  def: DetectorDef;
  settings: Params;
}

/** Replays `transcript` through `detectors`, in the order given (the registry's order). */
export function replayDetectors(
  transcript: Transcript,
  detectors: readonly DetectorRun[],
  ignoreTextualCalls: boolean,
  options: ReplayOptions = {},
): ReplayResult {
  // Everything below (detectors, their env, the fingerprint series) sees the same transcript.
  const t = ignoreTextualCalls ? withoutTextualCalls(transcript) : transcript;
  const events: DetectorEvent[] = [];
  const checks: JudgeCheck[] = [];
  const cycles: CycleSample[] = [];
  let stoppedAt: StopPoint | null = null;
  let turnNo = 0;
  let callNo: number | undefined;

  const running: { id: DetectorId; det: Detector; sink: DetectorSink }[] = [];
  for (const { def, settings } of detectors) {
    const id = def.id;
    const sink: DetectorSink = {
      emit(e) {
        const ev = makeEvent(id, e, turnNo, callNo);
        if (stoppedAt) ev.afterStop = true;
        else if (ev.action === 'terminate') stoppedAt = stopPointOf(ev);
        events.push(ev);
      },
      cycle(period, repetitions) {
        cycles.push({ turn: turnNo, call: callNo ?? 0, detector: id, period, repetitions });
      },
      check(c) {
        checks.push({ ...c, turn: c.turn ?? turnNo });
      },
    };
    running.push({
      id,
      det: def.create(settings, { transcript: t, judge: t.judge, judgeCache: options.judgeCache }),
      sink,
    });
  }

  const tracker = new FingerprintTracker();
  let calls = 0;
  // Indexed loops: the hottest loop of a replay, and for-of here allocated an iterator result per
  // step whenever it ran unoptimised.
  const turns = t.turns;
  const nRunning = running.length;
  // One view for every turn, filled again at each (detectors read it during onTurn only).
  const tv: TurnView = { index: 0, text: '', callCount: 0, tokens: undefined, agent: undefined };
  for (let ti = 0; ti < turns.length; ti++) {
    const turn = turns[ti];
    turnNo = turn.index;
    callNo = undefined;
    tv.index = turn.index;
    tv.text = turn.text;
    tv.callCount = turn.calls.length;
    tv.tokens = turn.tokens;
    tv.agent = turn.agent;
    for (let ri = 0; ri < nRunning; ri++) {
      const r = running[ri];
      r.det.onTurn?.(tv, r.sink);
    }
    const turnCalls = turn.calls;
    for (let ci = 0; ci < turnCalls.length; ci++) {
      const call = turnCalls[ci];
      calls++;
      callNo = call.index;
      const cv = new LazyCallView(turn.index, call.index, call.name, call.args, call.result, call.agent ?? turn.agent);
      tracker.add(cv, turn.index);
      for (let ri = 0; ri < nRunning; ri++) {
        const r = running[ri];
        r.det.onCall?.(cv, r.sink);
      }
    }
  }
  return {
    turns: t.turns.length,
    calls,
    events,
    checks,
    cycles,
    stoppedAt,
    fingerprints: tracker.finish(
      t.turns.length,
      t.turns.map((turn) => turn.calls),
    ),
  };
}
