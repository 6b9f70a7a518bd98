/**
 * What detectors are fed for one transcript view (its turn views, call views and fingerprint
 * series) and each detector's run over it, both built turn by turn: all at once when a session
 * opens a stored transcript, or as an import reads its turns (replay-while-parsing.ts).
 */
import { Lru } from '../model/lru';
import type { Transcript, Turn } from '../model/transcript';
import { makeEvent } from './event';
import { LazyCallView } from './call-view';
import type { DetectorDef, Params } from './params';
import { FingerprintTracker, type FingerprintSeries } from './series';
import type { CallView, CycleSample, DetectorEnv, DetectorEvent, DetectorSink, JudgeCheck, TurnView } from './types';

/** An output of a detector run, with the feed step it came from (to merge runs in replay's order). */
export interface Tagged<T> {
  step: number;
  item: T;
}

export interface DetectorRun {
  events: Tagged<DetectorEvent>[];
  cycles: Tagged<CycleSample>[];
  checks: Tagged<JudgeCheck>[];
}

const MAX_CACHED_RUNS = 256;

/** Fingerprints stored from an earlier open (FINGERPRINT_VERSION's cache), so a reopen skips them. */
export interface StoredFingerprints {
  /** hashes[i], sizes[i]: the key (hash and size) of call i + 1's exact fingerprint (call-key.ts). */
  hashes: Uint32Array<ArrayBuffer>;
  sizes: Int32Array<ArrayBuffer>;
  series: FingerprintSeries;
}

/** The key a detector's run is cached under: its id and its settings. */
export function runKey(def: DetectorDef, settings: Params): string {
  return def.id + '\u0000' + JSON.stringify(settings);
}

function countCalls(t: Transcript): number {
  let n = 0;
  for (const turn of t.turns) n += turn.calls.length;
  return n;
}

/** A feed built: read by every detector run, which it caches by detector and settings. */
export interface Feed {
  readonly transcript: Transcript;
  readonly turnViews: readonly TurnView[];
  /** callsOfTurn[i] = the call views of turn i + 1. */
  readonly callsOfTurn: readonly (readonly CallView[])[];
  readonly callCount: number;
  readonly fingerprints: FingerprintSeries;
  /** Keyed by runKey; the first cached first out (a lookup leaves the order). */
  readonly runs: Lru<string, DetectorRun>;
}

/** Builds a feed one turn at a time, in order. */
export class FeedBuilder {
  readonly turnViews: TurnView[] = [];
  readonly callsOfTurn: CallView[][] = [];
  private readonly tracker: FingerprintTracker | undefined;
  private n = 0;

  /** `stored`: fingerprints known to fit the transcript to come (its call count). */
  constructor(private readonly stored?: StoredFingerprints) {
    this.tracker = stored ? undefined : new FingerprintTracker();
  }

  addTurn(turn: Turn): void {
    this.turnViews.push({
      index: turn.index,
      text: turn.text,
      callCount: turn.calls.length,
      tokens: turn.tokens,
      agent: turn.agent,
    });
    const pre = this.stored;
    const views: CallView[] = [];
    for (const call of turn.calls) {
      // Lazy: each fingerprint text (raw or normalised) is written once, when a detector first
      // reads it; the view hashes the arguments without writing them (or takes the stored hash).
      const agent = call.agent ?? turn.agent;
      const n = this.n++;
      const view = pre
        ? new LazyCallView(
            turn.index,
            call.index,
            call.name,
            call.args,
            call.result,
            agent,
            pre.hashes[n],
            pre.sizes[n],
          )
        : new LazyCallView(turn.index, call.index, call.name, call.args, call.result, agent);
      this.tracker?.add(view, turn.index);
      views.push(view);
    }
    this.callsOfTurn.push(views);
  }

  /** The feed of `transcript`, whose turns are the ones added. */
  finish(transcript: Transcript): Feed {
    return {
      transcript,
      turnViews: this.turnViews,
      callsOfTurn: this.callsOfTurn,
      callCount: this.n,
      fingerprints: this.tracker ? this.tracker.finish(transcript.turns.length, this.callsOfTurn) : this.stored!.series,
      runs: new Lru<string, DetectorRun>(MAX_CACHED_RUNS),
    };
  }
}

/** The feed of a whole transcript; stored fingerprints that do not fit it (another call count) are not used. */
export function feedOf(transcript: Transcript, stored?: StoredFingerprints): Feed {
  const calls = countCalls(transcript);
  const fits = stored && stored.hashes.length === calls && stored.sizes.length === calls;
  const b = new FeedBuilder(fits ? stored : undefined);
  for (const turn of transcript.turns) b.addTurn(turn);
  return b.finish(transcript);
}

/** One detector's run, stepped turn by turn; every output tagged with its feed step. */
export class DetectorRunner {
  readonly run: DetectorRun = { events: [], cycles: [], checks: [] };
  private readonly det;
  private readonly sink: DetectorSink;
  private step = 0;
  private turnNo = 0;
  private callNo: number | undefined;

  constructor(def: DetectorDef, settings: Params, env: DetectorEnv) {
    const { run } = this;
    const id = def.id;
    this.sink = {
      emit: (e) => run.events.push({ step: this.step, item: makeEvent(id, e, this.turnNo, this.callNo) }),
      cycle: (period, repetitions) =>
        run.cycles.push({
          step: this.step,
          item: { turn: this.turnNo, call: this.callNo ?? 0, detector: id, period, repetitions },
        }),
      check: (c) => run.checks.push({ step: this.step, item: { ...c, turn: c.turn ?? this.turnNo } }),
    };
    this.det = def.create(settings, env);
  }

  /** Steps the detector through one turn: the turn, then each of its calls. */
  turn(tv: TurnView, calls: readonly CallView[]): void {
    const { det, sink } = this;
    this.turnNo = tv.index;
    this.callNo = undefined;
    this.step++;
    det.onTurn?.(tv, sink);
    if (!det.onCall) {
      this.step += calls.length;
      return;
    }
    for (const cv of calls) {
      this.callNo = cv.index;
      this.step++;
      det.onCall(cv, sink);
    }
  }
}
