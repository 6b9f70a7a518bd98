/**
 * The detail pane's turn, asked of the worker when the cursor lands on it: the page holds the
 * few most recent turns (so stepping back shows them at once), outside React state.
 */
import { Lru } from '../../model/lru';
import type { Turn } from '../../model/transcript';

const KEEP = 16;

export class TurnSource {
  /** The turns that arrived last (a look leaves the order). */
  private cache = new Lru<number, Turn>(KEEP);
  private loading = new Set<number>();
  private listeners = new Set<() => void>();
  /** The turn that arrived last: shown while the next one is on its way. */
  latest: Turn | undefined;
  version = 0;

  constructor(private readonly fetchTurn: (turn: number) => Promise<Turn | undefined>) {}

  get(turn: number): Turn | undefined {
    return this.cache.peek(turn);
  }

  ensure(turn: number): void {
    if (this.cache.has(turn) || this.loading.has(turn)) return;
    this.loading.add(turn);
    this.fetchTurn(turn).then(
      (t) => {
        this.loading.delete(turn);
        if (!t) return;
        this.cache.set(turn, t);
        this.latest = t;
        this.version++;
        for (const l of this.listeners) l();
      },
      () => this.loading.delete(turn), // a restarting worker: asked again on the next render
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;
}
