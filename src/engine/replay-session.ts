/**
 * A replay session for the workbench: the transcript's call views and fingerprint series are
 * built once, and each detector's output is cached by its settings, so moving one threshold only
 * re-runs that one detector. Results equal `replay()` exactly (session.test.ts proves it): every
 * output is tagged with the feed step it came from and merged back into replay's interleaved order.
 */
import type { Transcript } from '../model/transcript';
import { resolveConfig, type EngineConfig, type ResolvedConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { stopPointOf } from './event';
import {
  DetectorRunner,
  feedOf,
  runKey,
  type DetectorRun,
  type Feed,
  type StoredFingerprints,
  type Tagged,
} from './feed';
import type { DetectorDef } from './params';
import type { ReplayOptions, ReplayResult, StopPoint } from './replay';
import type { FingerprintSeries } from './series';
import { withoutTextualCalls } from './textual-filter';
import type { CallView } from './types';

export type { StoredFingerprints } from './feed';

export interface SessionOptions extends ReplayOptions {
  fingerprints?: StoredFingerprints;
  /**
   * The transcript's feed, already built with some detector runs (replay-while-parsing.ts):
   * used instead of building one.
   */
  feed?: Feed;
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
    this.all = options.feed?.transcript === transcript ? options.feed : feedOf(transcript, options.fingerprints);
    this.fingerprints = this.all.fingerprints;
  }

  /** Every call's exact fingerprint key and the series, for the workbench to store (and pass back on a reopen). */
  storedFingerprints(): StoredFingerprints {
    return { ...exactKeys(this.all), series: this.fingerprints };
  }

  /** The call views of turn `turn` (1-based) as a config with `ignoreTextualCalls` sees them (windowed chart queries). */
  callsOfTurn(turn: number, ignoreTextualCalls = false): readonly CallView[] {
    return this.feed(ignoreTextualCalls).callsOfTurn[turn - 1] ?? [];
  }

  /** The fingerprint series a config with `ignoreTextualCalls` gets in its results. */
  fingerprintsFor(ignoreTextualCalls = false): FingerprintSeries {
    return this.feed(ignoreTextualCalls).fingerprints;
  }

  private feed(ignoreTextualCalls: boolean): Feed {
    if (!ignoreTextualCalls) return this.all;
    if (!this.withoutTextual) {
      const t = withoutTextualCalls(this.transcript);
      this.withoutTextual = t === this.transcript ? this.all : feedOf(t);
    }
    return this.withoutTextual;
  }

  private runDetector(
    feed: Feed,
    def: DetectorDef,
    settings: ResolvedConfig['detectors'][keyof ResolvedConfig['detectors']],
  ): DetectorRun {
    const key = runKey(def, settings);
    const cached = feed.runs.peek(key);
    if (cached) return cached;
    const t = feed.transcript;
    const runner = new DetectorRunner(def, settings, {
      transcript: t,
      judge: t.judge,
      judgeCache: this.options.judgeCache,
    });
    for (let i = 0; i < feed.turnViews.length; i++) runner.turn(feed.turnViews[i], feed.callsOfTurn[i]);
    feed.runs.set(key, runner.run);
    return runner.run;
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
      calls: feed.callCount,
      events,
      checks: merge((r) => r.checks),
      cycles: merge((r) => r.cycles),
      stoppedAt,
      fingerprints: feed.fingerprints,
    };
  }
}

/** Every call's exact fingerprint key (hash and size), without writing (or keeping) a fingerprint text. */
function exactKeys(feed: Feed): { hashes: Uint32Array<ArrayBuffer>; sizes: Int32Array<ArrayBuffer> } {
  const hashes = new Uint32Array(feed.callCount);
  const sizes = new Int32Array(feed.callCount);
  let i = 0;
  for (const views of feed.callsOfTurn)
    for (const cv of views) {
      hashes[i] = cv.exactHash;
      sizes[i++] = cv.exactSize;
    }
  return { hashes, sizes };
}
