/**
 * One session followed: each step polls it, imports what can be read when that changed, replays
 * it (the engine's whole-run replay: the same events as `detect`) and prints the events that are
 * settled and new. Events are the same event when their transcript, turn, call, detector, action,
 * level and message are: a session read again from the start prints only events it had not.
 */
import type { ResolvedConfig } from '../../engine/config';
import { replay } from '../../engine/replay';
import type { DetectorEvent } from '../../engine/types';
import { ImportError, type ImportContext } from '../../import/types';
import type { Transcript } from '../../model/transcript';
import { settleEvents, type FileState } from './settled-events';
import type { Target } from './target';
import type { WatchReport } from './watch-report';

export interface StepSettings {
  config: ResolvedConfig;
  ctx: ImportContext;
  format: string | undefined;
  intervalMs: number;
  /**
   * While the file is being written, imports are at least this far apart: the lines of one
   * interval share one import (the watch uses the interval; 0 imports at every step).
   */
  importGapMs: number;
  /** Whether an event printed ends the watch (exit 3). */
  endsWatch: (e: DetectorEvent) => boolean;
}

export interface StepOutcome {
  /** An event that ends the watch was printed. */
  ended: boolean;
  /** Milliseconds spent importing and replaying (0 when nothing was read). */
  loadMs: number;
  /** The file was replaced by another: a watch on the old one sees nothing more. */
  replaced?: boolean;
}

export class WatchedSession {
  private runs: { transcript: Transcript; events: DetectorEvent[] }[] | undefined;
  private changedAt = Date.now();
  private imports = 0;
  private importedAt = -Infinity;
  /** The import and file state events were last printed for: the same again prints nothing. */
  private printedFor = '';
  private noted = { missing: false, failed: false };

  constructor(
    readonly target: Target,
    private readonly report: WatchReport,
    private readonly s: StepSettings,
  ) {}

  get path(): string {
    return this.target.path;
  }

  /** One poll, import and print; `final` when the watch is stopping (held events are printed). */
  async step(final: boolean): Promise<StepOutcome> {
    const { target, report } = this;
    const polled = await target.poll();
    if (polled.missing) {
      if (!this.noted.missing) report.note(`${target.path}: not there; waiting for it`);
      this.noted.missing = true;
      return this.print(final ? 'final' : 'written');
    }
    this.noted.missing = false;
    // What was read before is gone: its held events are not this file's any more.
    if (polled.reset) this.runs = undefined;
    if (polled.reset)
      report.note(
        `${target.path}: ${polled.reset}; reading it again from the start (events already printed are not printed again)`,
      );
    const now = Date.now();
    if (polled.changed) this.changedAt = now;
    const state: FileState = final ? 'final' : now - this.changedAt >= this.s.intervalMs ? 'quiet' : 'written';
    const t0 = performance.now();
    if (state === 'written' && now - this.importedAt < this.s.importGapMs) return { ...this.print(state), loadMs: 0 };
    try {
      const loaded = await target.load(this.s.ctx, this.s.format, state !== 'written');
      if (loaded.kind === 'imported') {
        const { result } = loaded;
        this.runs = result.transcripts.map((t) => ({ transcript: t, events: replay(t, this.s.config).events }));
        this.imports++;
        this.importedAt = now;
        this.noted.failed = false;
        report.warnings(target.path, result.warnings);
        report.turns(
          target.path,
          result.transcripts.reduce((n, t) => n + t.turns.length, 0),
        );
      }
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      // Mid-write a document does not import: say so only once it stopped changing.
      if (state !== 'written' && !this.noted.failed) report.note(`waiting: ${e.message.split('\n')[0]}`);
      if (state !== 'written') this.noted.failed = true;
    }
    const loadMs = performance.now() - t0;
    return { ...this.print(state), loadMs, replaced: polled.reset === 'replaced' };
  }

  private print(state: FileState): StepOutcome {
    const none = { ended: false, loadMs: 0 };
    if (!this.runs) return none;
    const at = `${this.imports}:${state}`;
    if (at === this.printedFor) return none;
    this.printedFor = at;
    // A final read settles every turn: nothing is held.
    for (const e of settleEvents(this.runs, state).settled)
      if (this.report.event(this.target.path, e) && this.s.endsWatch(e.event)) return { ended: true, loadMs: 0 };
    return none;
  }
}
