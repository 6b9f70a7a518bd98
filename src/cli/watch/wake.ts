/**
 * How the watch waits between reads: until the poll interval passes, a watched path changes
 * (fs.watch), or the watch is stopped. fs.watch is only a hint that makes a change seen sooner:
 * it misses changes on some file systems (network mounts, some containers) and stays on the old
 * file when one is replaced, so the interval's poll is what guarantees a change is seen.
 */
import { watch, type FSWatcher } from 'node:fs';

/** After a change event, more writes of the same burst are waited for this long: one read for all. */
const BURST_MS = 20;

export class Wake {
  private readonly watchers = new Map<string, FSWatcher>();
  private poked = false;
  private onPoke: (() => void) | undefined;

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', () => this.poke(), { once: true });
  }

  /**
   * Watches exactly these paths from now on. A path that cannot be watched (missing, or no
   * fs.watch there) is tried again at the next call; `fresh` paths are watched anew (a replaced
   * file is another file).
   */
  watch(paths: readonly string[], fresh: readonly string[] = []): void {
    for (const [p, w] of this.watchers)
      if (!paths.includes(p) || fresh.includes(p)) {
        w.close();
        this.watchers.delete(p);
      }
    for (const p of paths) {
      if (this.watchers.has(p)) continue;
      try {
        const w = watch(p, { persistent: false }, () => this.poke());
        w.on('error', () => {
          w.close();
          this.watchers.delete(p);
        });
        this.watchers.set(p, w);
      } catch {
        // Polled only.
      }
    }
  }

  /**
   * Resolves after `ms`, or `BURST_MS` after a change event, whichever comes first, but never
   * before `minMs` (so reading a large session never takes all the CPU), or at once when stopped.
   */
  sleep(ms: number, minMs = 0): Promise<void> {
    if (this.signal.aborted) return Promise.resolve();
    const start = Date.now();
    return new Promise<void>((resolve) => {
      let timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      const early = () => {
        if (this.signal.aborted) return done();
        clearTimeout(timer);
        timer = setTimeout(done, Math.max(BURST_MS, minMs - (Date.now() - start)));
      };
      this.onPoke = () => {
        this.onPoke = undefined;
        early();
      };
      if (this.poked || this.signal.aborted) this.onPoke();
      this.poked = false;
    }).finally(() => {
      this.onPoke = undefined;
    });
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private poke(): void {
    if (this.onPoke) this.onPoke();
    else this.poked = true;
  }
}
