/**
 * replay(transcript, config): feeds every turn and call in order to every enabled detector and
 * collects what they say. The run goes on after the first terminate so every detector's view is
 * shown; later events are marked afterStop.
 */
import type { Transcript } from '../model/transcript';
import { resolveConfig, type EngineConfig, type ResolvedConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { makeEvent, stopPointOf } from './event';
import { LazyCallView } from './call-view';
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

function isResolved(c: EngineConfig | ResolvedConfig): c is ResolvedConfig {
  return (
    typeof (c as ResolvedConfig).countAction === 'string' && Object.keys(c.detectors).length === DETECTOR_DEFS.length
  );
}

export interface ReplayOptions {
  /** Cached answers for the llm-judge `openai-compatible` source; the engine never calls out. */
  judgeCache?: JudgeCache;
}

export function replay(
  transcript: Transcript,
  config: EngineConfig | ResolvedConfig,
  options: ReplayOptions = {},
): ReplayResult {
  const resolved = isResolved(config) ? config : resolveConfig(config);
  // Everything below (detectors, their env, the fingerprint series) sees the same transcript.
  const t = resolved.ignoreTextualCalls ? withoutTextualCalls(transcript) : transcript;
  const events: DetectorEvent[] = [];
  const checks: JudgeCheck[] = [];
  const cycles: CycleSample[] = [];
  let stoppedAt: StopPoint | null = null;
  let turnNo = 0;
  let callNo: number | undefined;

  const running: { id: DetectorId; det: Detector; sink: DetectorSink }[] = [];
  for (const def of DETECTOR_DEFS) {
    const settings = resolved.detectors[def.id];
    if (!settings?.enabled) continue;
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
  for (const turn of t.turns) {
    turnNo = turn.index;
    callNo = undefined;
    const tv: TurnView = {
      index: turn.index,
      text: turn.text,
      callCount: turn.calls.length,
      tokens: turn.tokens,
      agent: turn.agent,
    };
    for (const r of running) r.det.onTurn?.(tv, r.sink);
    for (const call of turn.calls) {
      calls++;
      callNo = call.index;
      const cv = new LazyCallView(turn.index, call.index, call.name, call.args, call.result, call.agent ?? turn.agent);
      tracker.add(cv, turn.index);
      for (const r of running) r.det.onCall?.(cv, r.sink);
    }
  }
  return {
    turns: t.turns.length,
    calls,
    events,
    checks,
    cycles,
    stoppedAt,
    fingerprints: tracker.finish(t.turns.length),
  };
}
