/**
 * A replay session for the workbench: the transcript's call views and fingerprint series are
 * built once, and each detector's output is cached by its settings, so moving one threshold only
 * re-runs that one detector. Results equal `replay()` exactly (session.test.ts proves it): every
 * output is tagged with the feed step it came from and merged back into replay's interleaved order.
 */
import { Lru } from '../model/lru';
import type { Transcript } from '../model/transcript';
import { resolveConfig, type EngineConfig, type ResolvedConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { detectorSink, stopPointOf, type ReplayPosition } from './event';
import { fillTurnView, LazyCallView } from './call-view';
import type { DetectorDef } from './params';
import type { ReplayOptions, ReplayResult, StopPoint } from './replay';
import { FingerprintTracker, type FingerprintSeries } from './series';
import { withoutTextualCalls } from './textual-filter';
import type { CallView, CycleSample, DetectorEvent, JudgeCheck, TurnView } from './types';

interface Tagged<T> {
  step: number;
  item: T;
}

interface DetectorRun {
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

export interface SessionOptions extends ReplayOptions {
  fingerprints?: StoredFingerprints;
}

function countCalls(t: Transcript): number {
  let n = 0;
  for (const turn of t.turns) n += turn.calls.length;
  return n;
}

/**
 * What detectors are fed for one transcript view: built once, reused by every run. The call views
 * are one flat array and the turn views are filled at each step (as the stepper's are): an array
 * per turn and a view object per turn cost a 1,000,000-call run about 100 MB.
 */
class Feed {
  /** Every call's view, in order: turn i + 1's are calls[callStart[i]] up to calls[callStart[i + 1]]. */
  readonly calls: CallView[] = [];
  readonly callStart: Int32Array<ArrayBuffer>;
  readonly fingerprints: FingerprintSeries;
  /** Keyed by detector and settings; the first cached first out (a lookup leaves the order). */
  readonly runs = new Lru<string, DetectorRun>(MAX_CACHED_RUNS);

  constructor(
    readonly transcript: Transcript,
    stored?: StoredFingerprints,
  ) {
    // Stored fingerprints that do not fit this transcript (another call count) are not used.
    const count = countCalls(transcript);
    const pre = stored && stored.hashes.length === count && stored.sizes.length === count ? stored : undefined;
    const tracker = pre ? undefined : new FingerprintTracker();
    const turns = transcript.turns;
    this.callStart = new Int32Array(turns.length + 1);
    const calls = this.calls;
    for (let ti = 0; ti < turns.length; ti++) {
      const turn = turns[ti];
      this.callStart[ti] = calls.length;
      for (const call of turn.calls) {
        // Lazy: each fingerprint text (raw or normalised) is written once, when a detector first
        // reads it; the view hashes the arguments without writing them (or takes the stored hash).
        const agent = call.agent ?? turn.agent;
        const n = calls.length;
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
        tracker?.add(view, turn.index);
        calls.push(view);
      }
    }
    this.callStart[turns.length] = calls.length;
    this.fingerprints = tracker ? tracker.finish(turns.length, calls) : pre!.series;
  }

  /** The call views of turn i + 1. */
  callsOf(i: number): CallView[] {
    return this.calls.slice(this.callStart[i], this.callStart[i + 1]);
  }

  /** Every call's exact fingerprint key (hash and size), without writing (or keeping) a fingerprint text. */
  keys(): { hashes: Uint32Array<ArrayBuffer>; sizes: Int32Array<ArrayBuffer> } {
    const n = this.calls.length;
    const hashes = new Uint32Array(n);
    const sizes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      hashes[i] = this.calls[i].exactHash;
      sizes[i] = this.calls[i].exactSize;
    }
    return { hashes, sizes };
  }
}

export class ReplaySession {
  private readonly all: Feed;
  /** The feed without text-written calls (`ignoreTextualCalls`), built on first use. */
  private withoutTextual: Feed | undefined;
  readonly fingerprints: FingerprintSeries;

  constructor(
    readonly transcript: Transcript,
    private readonly options: SessionOptions = {},
  ) {
    this.all = new Feed(transcript, options.fingerprints);
    this.fingerprints = this.all.fingerprints;
  }

  /** Every call's exact fingerprint key and the series, for the workbench to store (and pass back on a reopen). */
  storedFingerprints(): StoredFingerprints {
    return { ...this.all.keys(), series: this.fingerprints };
  }

  /** The call views of turn `turn` (1-based) as a config with `ignoreTextualCalls` sees them (windowed chart queries). */
  callsOfTurn(turn: number, ignoreTextualCalls = false): readonly CallView[] {
    const feed = this.feed(ignoreTextualCalls);
    return turn >= 1 && turn <= feed.transcript.turns.length ? feed.callsOf(turn - 1) : [];
  }

  /** The fingerprint series a config with `ignoreTextualCalls` gets in its results. */
  fingerprintsFor(ignoreTextualCalls = false): FingerprintSeries {
    return this.feed(ignoreTextualCalls).fingerprints;
  }

  private feed(ignoreTextualCalls: boolean): Feed {
    if (!ignoreTextualCalls) return this.all;
    if (!this.withoutTextual) {
      const t = withoutTextualCalls(this.transcript);
      this.withoutTextual = t === this.transcript ? this.all : new Feed(t);
    }
    return this.withoutTextual;
  }

  private runDetector(
    feed: Feed,
    def: DetectorDef,
    settings: ResolvedConfig['detectors'][keyof ResolvedConfig['detectors']],
  ): DetectorRun {
    const key = def.id + '\u0000' + JSON.stringify(settings);
    const cached = feed.runs.peek(key);
    if (cached) return cached;
    const run: DetectorRun = { events: [], cycles: [], checks: [] };
    let step = 0;
    const at: ReplayPosition = { turnNo: 0, callNo: undefined };
    const sink = detectorSink(def.id, at, {
      event: (item) => run.events.push({ step, item }),
      cycle: (item) => run.cycles.push({ step, item }),
      check: (item) => run.checks.push({ step, item }),
    });
    const t = feed.transcript;
    const det = def.create(settings, { transcript: t, judge: t.judge, judgeCache: this.options.judgeCache });
    const { calls, callStart } = feed;
    // One view for every turn, filled again at each (detectors read it during onTurn only).
    const tv: TurnView = { index: 0, text: '', callCount: 0, tokens: undefined, agent: undefined };
    for (let i = 0; i < t.turns.length; i++) {
      fillTurnView(tv, t.turns[i]);
      at.turnNo = tv.index;
      at.callNo = undefined;
      step++;
      det.onTurn?.(tv, sink);
      const end = callStart[i + 1];
      if (!det.onCall) {
        step += end - callStart[i];
        continue;
      }
      for (let c = callStart[i]; c < end; c++) {
        const cv = calls[c];
        at.callNo = cv.index;
        step++;
        det.onCall(cv, sink);
      }
    }
    feed.runs.set(key, run);
    return run;
  }

  run(config: EngineConfig | ResolvedConfig): ReplayResult {
    const resolved =
      'countAction' in config &&
      typeof config.countAction === 'string' &&
      Object.keys(config.detectors).length === DETECTOR_DEFS.length
        ? (config as ResolvedConfig)
        : resolveConfig(config as EngineConfig);
    const feed = this.feed(resolved.ignoreTextualCalls === true);
    const runs: DetectorRun[] = [];
    for (const def of DETECTOR_DEFS) {
      const settings = resolved.detectors[def.id];
      if (settings?.enabled) runs.push(this.runDetector(feed, def, settings));
    }
    // Concatenated in detector order, then a stable sort by step gives replay's interleaving.
    const merge = <T>(pick: (r: DetectorRun) => Tagged<T>[]): T[] =>
      runs
        .flatMap(pick)
        .sort((a, b) => a.step - b.step)
        .map((x) => x.item);
    let stoppedAt: StopPoint | null = null;
    const events = merge((r) => r.events).map((ev) => {
      if (stoppedAt) return { ...ev, afterStop: true };
      if (ev.action === 'terminate') stoppedAt = stopPointOf(ev);
      return ev;
    });
    return {
      turns: this.transcript.turns.length,
      calls: feed.calls.length,
      events,
      checks: merge((r) => r.checks),
      cycles: merge((r) => r.cycles),
      stoppedAt,
      fingerprints: feed.fingerprints,
    };
  }
}
