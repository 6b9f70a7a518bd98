import type { Action } from './types';

/**
 * The ChatLoop design's graduated response: the n-th detection takes actions[n-1], and the last action
 * repeats once the list is used up (`idx = min(count - 1, len - 1)`).
 */
export class Escalation {
  private count = 0;
  constructor(private readonly actions: readonly Action[]) {}

  next(): { action: Action; level: number } {
    this.count++;
    const action = this.actions[Math.min(this.count - 1, this.actions.length - 1)] ?? 'warn';
    return { action, level: this.count };
  }

  get detections(): number {
    return this.count;
  }
}

/** A fixed-size window of the most recent items, oldest dropped first. */
export class Ring<T> {
  private readonly items: T[] = [];
  private start = 0;
  constructor(readonly capacity: number) {}

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else {
      this.items[this.start] = item;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  get length(): number {
    return this.items.length;
  }

  /** i = 0 is the oldest item kept. */
  at(i: number): T {
    return this.items[(this.start + i) % this.items.length];
  }

  /** i = 0 is the newest item. */
  fromEnd(i: number): T {
    return this.at(this.items.length - 1 - i);
  }

  clear(): void {
    this.items.length = 0;
    this.start = 0;
  }
}
