/**
 * The first replay, run while a file is still being read: detectors go call by call, so each turn
 * the importer has normalised is fed and stepped through the configs the page will run first.
 * When the parse ends, the feed and those detector runs become the session's (ReplaySession's
 * `feed` option) and the page's first replay only merges them.
 *
 * It gives up (and the session is built as usual) when the file holds more than one transcript
 * or the transcript's turns are not exactly the ones stepped. Detectors that read judge answers
 * are left to the session: a file's judge lines may come after the turns they answer.
 */
import type { Transcript, Turn } from '../model/transcript';
import { resolveConfig, type EngineConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { DetectorRunner, FeedBuilder, runKey, type Feed } from './feed';

export class ReplayWhileParsing {
  private readonly builder = new FeedBuilder();
  private readonly runners = new Map<string, DetectorRunner>();
  /** What the detectors see as `env.transcript`: the turns stepped so far. */
  private readonly growing: Transcript = {
    format: '',
    title: '',
    turns: [],
    labels: [],
    judge: [],
  };
  /** The importer's array of turns being followed (another one: a second transcript began). */
  private followed: readonly Turn[] | undefined;
  private gaveUp = false;

  constructor(configs: readonly EngineConfig[]) {
    for (const config of configs) {
      const resolved = resolveConfig(config);
      for (const def of DETECTOR_DEFS) {
        const settings = resolved.detectors[def.id];
        if (!settings?.enabled || def.readsJudgeAnswers) continue;
        const key = runKey(def, settings);
        if (!this.runners.has(key))
          this.runners.set(
            key,
            new DetectorRunner(def, settings, { transcript: this.growing, judge: this.growing.judge }),
          );
      }
    }
  }

  /** Steps the turns of `turns` not stepped yet (the importer's turns of its transcript so far). */
  catchUp(turns: readonly Turn[]): void {
    if (this.gaveUp) return;
    if (this.followed !== undefined && turns !== this.followed) {
      this.gaveUp = true;
      return;
    }
    this.followed = turns;
    try {
      this.step(turns);
    } catch {
      // A detector that throws must not fail the import: the session replays it and says so.
      this.gaveUp = true;
    }
  }

  private step(turns: readonly Turn[]): void {
    const { builder, growing } = this;
    for (let i = growing.turns.length; i < turns.length; i++) {
      const turn = turns[i];
      growing.turns.push(turn);
      builder.addTurn(turn);
      const tv = builder.turnViews[i];
      const calls = builder.callsOfTurn[i];
      for (const runner of this.runners.values()) runner.turn(tv, calls);
    }
  }

  /** The feed of `transcript` with the runs stepped, or undefined when they are not its. */
  finish(transcript: Transcript): Feed | undefined {
    const stepped = this.growing.turns;
    if (this.gaveUp || transcript.turns.length !== stepped.length) return undefined;
    for (let i = 0; i < stepped.length; i++) if (transcript.turns[i] !== stepped[i]) return undefined;
    const feed = this.builder.finish(transcript);
    for (const [key, runner] of this.runners) feed.runs.set(key, runner.run);
    return feed;
  }
}
