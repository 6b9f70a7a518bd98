/**
 * What the engine worker's background writes wait for, one object per worker: the imports in
 * progress here (each moved by import-lifecycle.ts's nextImportState) and the timers that send
 * them events. A just-imported run's turn writes wait for its first replay (IndexedDB answers
 * reads after the writes queued before them, so writing first would delay the first metrics by
 * all of it), but never forever: an idle limit when the page does not open it, an open limit when
 * it does but does not replay. The turn writes give way to a user tuning (a pause after each
 * replay, bounded per chunk), and the fingerprint cache is written after the first metrics.
 */
import { isSettled, nextImportState, writesHeld, type ImportEvent, type ImportState } from './import-lifecycle';

export interface ImportWaitLimits {
  /** A just-imported run the page does not open within this is written anyway. */
  idleMs: number;
  /** An opened run's writes wait this long for its first replay. */
  openMs: number;
  /** The fingerprint cache write waits this long for the first metrics. */
  cacheWriteMs: number;
  /** The turn writes pause while a replay was answered this recently (the next threshold step usually follows)... */
  quietMs: number;
  /** ...but at most this long a chunk, so the writes always get on. */
  maxChunkWaitMs: number;
}

export const IMPORT_WAIT_LIMITS: ImportWaitLimits = {
  idleMs: 2000,
  openMs: 120_000,
  cacheWriteMs: 5000,
  quietMs: 250,
  maxChunkWaitMs: 2000,
};

export interface ImportWaitsOptions {
  /** Limits other than IMPORT_WAIT_LIMITS (tests). */
  limits?: Partial<ImportWaitLimits>;
  /** Told every state an import here enters, in order (tests follow an import with it). */
  onState?: (state: ImportState) => void;
}

/** One import in progress here: its state, and what waits on it. */
export interface TrackedImport {
  readonly state: ImportState;
}

interface Tracked extends TrackedImport {
  state: ImportState;
  /** The timer of a held import (the idle or the open limit). */
  limit?: ReturnType<typeof setTimeout>;
  /** Called when the writes may go (or the import is over). */
  onWritesFree: (() => void)[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ImportWaits {
  private readonly limits: ImportWaitLimits;
  private readonly onState: ((state: ImportState) => void) | undefined;
  private readonly imports = new Set<Tracked>();
  /** When the last replay was answered (performance.now()). */
  private lastReplayEnd = -Infinity;
  /** The fingerprint cache write under way, or the last one (settled). */
  private cacheWrite: Promise<void> = Promise.resolve();
  /** A cache write waiting for the first replay's answer to leave (or for its timer). */
  private pendingCacheWrite: (() => void) | undefined;
  /** The turn writes of the import begun last: null once stored, else why they could not be. */
  lastImportStored: Promise<string | null> = Promise.resolve(null);

  constructor({ limits, onState }: ImportWaitsOptions = {}) {
    this.limits = { ...IMPORT_WAIT_LIMITS, ...limits };
    this.onState = onState;
  }

  /** Starts tracking the import of `file` (reading). */
  begin(file: string): TrackedImport {
    const t: Tracked = { state: { kind: 'reading', file }, onWritesFree: [] };
    this.imports.add(t);
    this.onState?.(t.state);
    return t;
  }

  /** Moves `imp` by `event` and starts or stops the timers its new state needs. */
  send(imp: TrackedImport, event: ImportEvent): ImportState {
    const t = imp as Tracked;
    const next = nextImportState(t.state, event);
    if (next === t.state) return next;
    const was = t.state.kind;
    t.state = next;
    this.onState?.(next);
    if (next.kind !== was) this.enter(t);
    return next;
  }

  private enter(t: Tracked): void {
    clearTimeout(t.limit);
    t.limit = undefined;
    if (t.state.kind === 'rowsWritten')
      t.limit = setTimeout(() => this.send(t, { type: 'idleLimit' }), this.limits.idleMs);
    else if (t.state.kind === 'opened')
      t.limit = setTimeout(() => this.send(t, { type: 'openLimit' }), this.limits.openMs);
    if (!writesHeld(t.state)) for (const free of t.onWritesFree.splice(0)) free();
    if (isSettled(t.state)) this.imports.delete(t);
  }

  /**
   * Settles when the import's turn writes may start: its first replay here, the idle limit when
   * the page does not open it, the open limit when it does but does not replay, or a release.
   */
  waitForFirstReplay(imp: TrackedImport): Promise<void> {
    const t = imp as Tracked;
    if (!writesHeld(t.state)) return Promise.resolve();
    return new Promise((resolve) => t.onWritesFree.push(resolve));
  }

  /** The page is opening run `id`: its held writes now wait for its first replay (up to the open limit). */
  pageOpened(id: number): void {
    for (const t of [...this.imports]) this.send(t, { type: 'pageOpened', id });
  }

  /**
   * A replay of run `id` is being answered: a waiting cache write and the run's held turn writes
   * may go once the answer is posted (a macrotask later); the quiet time counts from now.
   */
  replayAnswered(id: number): void {
    const waiting = this.pendingCacheWrite;
    if (waiting) setTimeout(waiting, 0);
    for (const t of this.imports)
      if (writesHeld(t.state) && t.state.ids.includes(id))
        setTimeout(() => this.send(t, { type: 'firstReplay', id }), 0);
    this.lastReplayEnd = performance.now();
  }

  /** Lets the held writes of run `id` go now (a reader is waiting for its turns to be stored). */
  releaseRun(id: number): void {
    for (const t of [...this.imports])
      if (writesHeld(t.state) && t.state.ids.includes(id)) this.send(t, { type: 'released' });
  }

  /** Lets every held import write now (the worker is being retired: no replay will come here). */
  releaseAll(): void {
    for (const t of [...this.imports]) this.send(t, { type: 'released' });
  }

  /**
   * Between chunk writes: a macrotask, so replay calls queued meanwhile are answered, and while
   * the user is tuning (a replay in the last quietMs) a wait, so a chunk's serialising does not
   * delay the next answer; at most maxChunkWaitMs a chunk, so the writes always get on.
   */
  async quietWhileTuning(): Promise<void> {
    await sleep(0);
    const { quietMs, maxChunkWaitMs } = this.limits;
    for (let waited = 0; performance.now() - this.lastReplayEnd < quietMs && waited < maxChunkWaitMs; waited += 50)
      await sleep(50);
  }

  /**
   * Writes the computed fingerprints after the page has its first metrics (the next replay
   * answered, or cacheWriteMs): storing them clones every string on this thread, and the first
   * replay should not wait behind that. A write still waiting when another comes is started first.
   */
  cacheWriteAfterFirstMetrics(write: () => Promise<void>): void {
    const run = () => {
      if (this.pendingCacheWrite !== run) return;
      this.pendingCacheWrite = undefined;
      this.cacheWrite = write().catch(() => {
        // A full disk or a closed database: the next open computes them again.
      });
    };
    this.pendingCacheWrite?.();
    this.pendingCacheWrite = run;
    setTimeout(run, this.limits.cacheWriteMs);
  }

  /** Starts a waiting fingerprint cache write now and settles when it is stored (tests wait on it). */
  fingerprintCacheWritten(): Promise<void> {
    this.pendingCacheWrite?.();
    return this.cacheWrite;
  }

  /** The imports still in progress here, oldest first (tests). */
  inProgress(): ImportState[] {
    return [...this.imports].map((t) => t.state);
  }
}
