/**
 * The turn table's rows, fetched from the worker in blocks as they scroll into view (with the
 * blocks either side prefetched) and kept in a small cache outside React state: the page holds
 * a few thousand rows of a run, never the transcript. Views subscribe to learn when a block lands.
 */
import { Lru } from '../../model/lru';
import type { TurnRow } from '../../workers/rows';

export const BLOCK_ROWS = 256;
/** Blocks kept (about 16,000 rows); the least recently used go first. */
const KEEP_BLOCKS = 64;

export type FetchRows = (start: number, end: number) => Promise<TurnRow[]>;

export class RowSource {
  private blocks = new Lru<number, TurnRow[]>(KEEP_BLOCKS);
  private loading = new Set<number>();
  private listeners = new Set<() => void>();
  /** Changes whenever a block lands (the snapshot views re-render on). */
  version = 0;

  constructor(
    /** rowStarts[i] = the first row of turn i + 1; the last entry is the row count. */
    readonly rowStarts: Int32Array,
    private readonly fetchRows: FetchRows,
  ) {}

  get count(): number {
    return this.rowStarts[this.rowStarts.length - 1] ?? 0;
  }

  /** Row `i` if its block has arrived. */
  get(i: number): TurnRow | undefined {
    const b = Math.floor(i / BLOCK_ROWS);
    const block = this.blocks.get(b);
    if (!block) return undefined;
    return block[i - b * BLOCK_ROWS];
  }

  /** Asks for rows [start, end] and one block either side, unless cached or on their way. */
  ensure(start: number, end: number): void {
    const last = Math.floor((this.count - 1) / BLOCK_ROWS);
    const from = Math.max(0, Math.floor(start / BLOCK_ROWS) - 1);
    const to = Math.min(last, Math.floor(end / BLOCK_ROWS) + 1);
    for (let b = from; b <= to; b++) if (!this.blocks.has(b) && !this.loading.has(b)) void this.load(b);
  }

  private async load(b: number): Promise<void> {
    this.loading.add(b);
    try {
      const rows = await this.fetchRows(b * BLOCK_ROWS, Math.min(this.count, (b + 1) * BLOCK_ROWS));
      this.blocks.set(b, rows);
      this.version++;
      for (const l of this.listeners) l();
    } catch {
      // A failed fetch (a restarting worker) is asked again at the next scroll or render.
    } finally {
      this.loading.delete(b);
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;
}
