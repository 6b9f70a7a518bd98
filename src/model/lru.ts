/**
 * A bounded cache: least recently used first out. The capacity counts entries, or, with a
 * `weigh` function, the sum of the entries' weights (a cache of transcripts bounded by their
 * size). A Map keeps insertion order, so its first key is the least recently used one as long as
 * every use moves its key to the end.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    /** The most entries kept, or the most total weight with `weigh`. */
    readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The sum of the held entries' weights (the entry count without `weigh`). */
  get weight(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** The value, its recency unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Keeps the value as the most recently used, then drops the least recently used until within
   * the capacity. A value heavier than the whole capacity is not kept (nor its key's old value).
   */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, e] of this.entries) {
      if (this.total <= this.capacity) break;
      this.entries.delete(oldest);
      this.total -= e.weight;
    }
  }

  delete(key: K): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    this.entries.delete(key);
    this.total -= e.weight;
    return true;
  }

  /** The keys, least recently used first. */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
