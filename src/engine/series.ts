/**
 * Fingerprint frequency for the charts, in memory that does not grow with distinct calls:
 * Space-Saving top-k counters (exact while there are fewer distinct fingerprints than slots),
 * plus one 32-bit hash per call so the top fingerprints' counts over time come from a cheap
 * second pass.
 */
import { hash32 } from './fingerprint';

const SLOTS = 256;
const TOP = 8;
const MAX_POINTS = 1000;

export interface FingerprintSeries {
  /** Most frequent call fingerprints, most frequent first. */
  top: { fingerprint: string; name: string; count: number }[];
  /** Cumulative count of each `top` fingerprint at sampled turns (counts[i] for top[i]). */
  timeline: { turn: number; counts: number[] }[];
}

interface Slot {
  fp: string;
  name: string;
  hash: number;
  count: number;
  /** When the fingerprint took this slot: ties on count evict the oldest, as a Map scan would. */
  seq: number;
  /** Position in the min-heap. */
  at: number;
}

/** (count, seq) order: the slot Space-Saving evicts is the heap's root. */
function less(a: Slot, b: Slot): boolean {
  return a.count < b.count || (a.count === b.count && a.seq < b.seq);
}

export class FingerprintTracker {
  private readonly slots = new Map<string, Slot>();
  /** Min-heap of the slots, so eviction does not scan them all for every new fingerprint. */
  private readonly heap: Slot[] = [];
  private seq = 0;
  private hashes = new Int32Array(1024);
  private turnOfCall = new Int32Array(1024);
  private n = 0;

  add(fp: string, name: string, turn: number): void {
    const h = hash32(fp) | 0;
    if (this.n === this.hashes.length) {
      this.hashes = grow(this.hashes);
      this.turnOfCall = grow(this.turnOfCall);
    }
    this.hashes[this.n] = h;
    this.turnOfCall[this.n] = turn;
    this.n++;
    const s = this.slots.get(fp);
    if (s) {
      s.count++;
      this.down(s.at);
      return;
    }
    if (this.slots.size < SLOTS) {
      const slot: Slot = { fp, name, hash: h, count: 1, seq: this.seq++, at: this.heap.length };
      this.slots.set(fp, slot);
      this.heap.push(slot);
      this.up(slot.at);
      return;
    }
    // Space-Saving: the new key replaces the smallest counter and inherits its count.
    const min = this.heap[0];
    this.slots.delete(min.fp);
    min.fp = fp;
    min.name = name;
    min.hash = h;
    min.count++;
    min.seq = this.seq++;
    this.slots.set(fp, min);
    this.down(0);
  }

  private up(i: number): void {
    const heap = this.heap;
    const x = heap[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(x, heap[p])) break;
      heap[i] = heap[p];
      heap[i].at = i;
      i = p;
    }
    heap[i] = x;
    x.at = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const n = heap.length;
    const x = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && less(heap[c + 1], heap[c])) c++;
      if (!less(heap[c], x)) break;
      heap[i] = heap[c];
      heap[i].at = i;
      i = c;
    }
    heap[i] = x;
    x.at = i;
  }

  finish(turns: number): FingerprintSeries {
    const top = [...this.slots.values()]
      .filter((s) => s.count > 1 || this.slots.size <= TOP)
      .sort((a, b) => b.count - a.count || (a.fp < b.fp ? -1 : 1))
      .slice(0, TOP);
    const idx = new Map<number, number>();
    top.forEach((s, i) => idx.set(s.hash, i));
    const counts = new Array<number>(top.length).fill(0);
    const exact = new Array<number>(top.length).fill(0);
    const timeline: FingerprintSeries['timeline'] = [];
    const step = Math.max(1, Math.ceil(turns / MAX_POINTS));
    let c = 0;
    for (let turn = 1; turn <= turns; turn++) {
      while (c < this.n && this.turnOfCall[c] === turn) {
        const i = idx.get(this.hashes[c]);
        if (i !== undefined) counts[i]++;
        c++;
      }
      if (turn % step === 0 || turn === turns) timeline.push({ turn, counts: counts.slice() });
    }
    for (let i = 0; i < top.length; i++) exact[i] = counts[i];
    return {
      top: top.map((s, i) => ({ fingerprint: s.fp, name: s.name, count: exact[i] || s.count })),
      timeline,
    };
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
