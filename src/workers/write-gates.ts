/**
 * The worker's background writes give way to the page's replays: a just-imported run's turns
 * wait for its first replay (import-file.ts), a computed fingerprint cache is written after the
 * answer (open-sessions.ts), and the turn writes pause while the user is tuning (sinceLastReplay).
 */

/** A just-imported transcript's writes wait here for its first replay (see untilFirstRun). */
const gates = new Map<number, { release(): void; timer: ReturnType<typeof setTimeout> }>();

/** What the gates keep between calls, besides the gates themselves. */
interface WriteGatesState {
  /** How long an opened run's writes wait for its first replay (untilFirstRun's `openMs`). */
  openMs: number;
  /** The fingerprint cache write under way, or the last one (settled). */
  cacheWrite: Promise<void>;
  /** A cache write waiting for the first replay's answer to leave (or for its timer). */
  pendingWrite: (() => void) | undefined;
  /** When the last replay was answered (performance.now()). */
  lastReplayEnd: number;
}

const state: WriteGatesState = {
  openMs: 120_000,
  cacheWrite: Promise.resolve(),
  pendingWrite: undefined,
  lastReplayEnd: -Infinity,
};

/**
 * Settles when the page has its first replay of the just-imported `id`, or when it has not opened
 * it within `idleMs`. The import holds its turn writes until then: IndexedDB answers reads after
 * the writes queued before them, so writing first would delay the first metrics by all of it.
 */
export function untilFirstRun(id: number, idleMs = 2000, openMs = 120_000): Promise<void> {
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(gates.get(id)?.timer);
      gates.delete(id);
      resolve();
    };
    gates.set(id, { release, timer: setTimeout(release, idleMs) });
    state.openMs = openMs;
  });
}

/** Lets every held import write now (the worker is being retired: no replay will come here). */
export function releaseWriteGates(): void {
  for (const g of [...gates.values()]) g.release();
}

/** The page is opening `id`: its held writes now wait for its first replay (up to the open limit). */
export function gateOpened(id: number): void {
  const g = gates.get(id);
  if (!g) return;
  clearTimeout(g.timer);
  g.timer = setTimeout(g.release, state.openMs);
}

const WRITE_AFTER_MS = 5000;

/**
 * Writes the computed fingerprints after the page has its first metrics: storing them clones
 * every string on this thread, and the first replay should not wait behind that.
 */
export function writeLater(write: () => Promise<void>): void {
  const run = () => {
    if (state.pendingWrite !== run) return;
    state.pendingWrite = undefined;
    state.cacheWrite = write().catch(() => {
      // A full disk or a closed database: the next open computes them again.
    });
  };
  state.pendingWrite?.();
  state.pendingWrite = run;
  setTimeout(run, WRITE_AFTER_MS);
}

/** Starts a waiting fingerprint cache write now and settles when it is stored (tests wait on it). */
export function fingerprintCacheWritten(): Promise<void> {
  state.pendingWrite?.();
  return state.cacheWrite;
}

/** Milliseconds since the last replay answered here: background writes give way to a user tuning. */
export function sinceLastReplay(): number {
  return performance.now() - state.lastReplayEnd;
}

/**
 * Called as a replay of `key` is answered: a waiting cache write and the run's held turn writes
 * may go once the answer is posted (a macrotask later); the quiet time counts from now.
 */
export function replayAnswered(key: number): void {
  const waiting = state.pendingWrite;
  if (waiting) setTimeout(waiting, 0);
  const gate = gates.get(key);
  if (gate) setTimeout(gate.release, 0);
  state.lastReplayEnd = performance.now();
}
