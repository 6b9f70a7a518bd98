/**
 * The replay loop, one turn at a time: the running detectors and a transcript that grows as turns
 * come. `replayDetectors` steps a whole transcript through it and the package's live monitor steps
 * each turn as the agent takes it, so both give the same events. Detectors are created with the
 * growing transcript as `env.transcript`: at any turn it holds the turns seen so far (the current
 * one included), never later ones.
 */
import type { JudgeRecord, Transcript, Turn } from '../model/transcript';
import { detectorSink, stopPointOf, type ReplayPosition } from './event';
import { fillTurnView, LazyCallView } from './call-view';
import type { DetectorDef, Params } from './params';
import { FingerprintTracker, type FingerprintSeries } from './series';
import { turnWithoutTextualCalls } from './textual-filter';
import type { JudgeCache } from './judge/request';
import type { CycleSample, Detector, DetectorEvent, DetectorId, DetectorSink, JudgeCheck, TurnView } from './types';

export interface StopPoint {
  turn: number;
  call?: number;
}

export interface StepperOptions {
  /** Cached answers for the llm-judge `openai-compatible` source; the engine never calls out. */
  judgeCache?: JudgeCache;
}

/** One detector to run: its definition and its resolved settings. */
export interface DetectorRun {
  def: DetectorDef;
  settings: Params;
}

interface Running {
  id: DetectorId;
  det: Detector;
  sink: DetectorSink;
}

export class ReplayStepper {
  readonly events: DetectorEvent[] = [];
  readonly checks: JudgeCheck[] = [];
  readonly cycles: CycleSample[] = [];
  stoppedAt: StopPoint | null = null;
  calls = 0;
  /** The transcript as the detectors see it: the turns stepped so far, the judge answers known so far. */
  readonly transcript: Transcript;
  private readonly running: Running[] = [];
  private readonly tracker = new FingerprintTracker();
  /** Where the step is: what the detectors' sinks stamp on their outputs. */
  private readonly at: ReplayPosition = { turnNo: 0, callNo: undefined };
  /** One view for every turn, filled again at each (detectors read it during onTurn only). */
  private readonly tv: TurnView = { index: 0, text: '', callCount: 0, tokens: undefined, agent: undefined };

  /**
   * `meta`: the run's title, format, source (no turns are read from it); `judge`: recorded judge
   * answers known from the start (a whole file's), more may come with `addJudge`.
   */
  constructor(
    meta: Omit<Transcript, 'turns' | 'judge'>,
    detectors: readonly DetectorRun[],
    private readonly ignoreTextualCalls: boolean,
    judge: readonly JudgeRecord[] = [],
    options: StepperOptions = {},
  ) {
    const t: Transcript = { ...meta, turns: [], judge: judge.slice() };
    this.transcript = t;
    for (const { def, settings } of detectors) {
      const sink = this.sinkOf(def.id);
      this.running.push({
        id: def.id,
        det: def.create(settings, { transcript: t, judge: t.judge, judgeCache: options.judgeCache }),
        sink,
      });
    }
  }

  private sinkOf(id: DetectorId): DetectorSink {
    return detectorSink(id, this.at, {
      event: (ev) => {
        if (this.stoppedAt) ev.afterStop = true;
        else if (ev.action === 'terminate') this.stoppedAt = stopPointOf(ev);
        this.events.push(ev);
      },
      cycle: (c) => this.cycles.push(c),
      check: (c) => this.checks.push(c),
    });
  }

  /** A recorded judge answer; it counts for the checks of turns not stepped yet. */
  addJudge(r: JudgeRecord): void {
    this.transcript.judge.push(r);
  }

  /** Feeds one turn (its `index` is the next turn number) and its calls to every detector. */
  step(input: Turn): void {
    const turn = this.ignoreTextualCalls ? turnWithoutTextualCalls(input) : input;
    this.transcript.turns.push(turn);
    const running = this.running;
    const nRunning = running.length;
    const tv = this.tv;
    this.at.turnNo = turn.index;
    this.at.callNo = undefined;
    fillTurnView(tv, turn);
    // Indexed loops: the hottest loop of a replay, and for-of here allocated an iterator result per
    // step whenever it ran unoptimised.
    for (let ri = 0; ri < nRunning; ri++) {
      const r = running[ri];
      r.det.onTurn?.(tv, r.sink);
    }
    const turnCalls = turn.calls;
    const tracker = this.tracker;
    this.calls += turnCalls.length;
    for (let ci = 0; ci < turnCalls.length; ci++) {
      const call = turnCalls[ci];
      this.at.callNo = call.index;
      const cv = new LazyCallView(turn.index, call.index, call.name, call.args, call.result, call.agent ?? turn.agent);
      tracker.add(cv, turn.index);
      for (let ri = 0; ri < nRunning; ri++) {
        const r = running[ri];
        r.det.onCall?.(cv, r.sink);
      }
    }
  }

  /** The fingerprint series of the turns stepped (call once, at the end). */
  fingerprints(): FingerprintSeries {
    const turns = this.transcript.turns;
    return this.tracker.finish(
      turns.length,
      turns.flatMap((turn) => turn.calls),
    );
  }
}
