/**
 * Fingerprint frequency for the charts, in memory that does not grow with distinct calls:
 * Space-Saving top-k counters (exact while there are fewer distinct fingerprints than slots),
 * plus one 32-bit hash per call so the top fingerprints' counts over time come from a cheap
 * second pass.
 *
 * Speed: that hash is the call view's `exactHash` (call-key.ts: a key of the exact fingerprint,
 * computed without writing it), and it is also the key of the slots' own hash table (open
 * addressing, the arguments compared on a hit): no call's fingerprint text is written or hashed
 * here. The text is written only for the calls that hold a slot when the run ends. The key is
 * sampled, so distinct calls can share it: the second pass is given the calls again and compares
 * the arguments of those whose key is a top one (`finish`), so a shared key never counts a call
 * that is not the fingerprint.
 */
import type { Json } from '../model/transcript';
import { sameExact } from './call-view';
import { sameJson } from './fingerprint-hash';
import type { CallView } from './types';

/** What the series needs of a call: its view, or in tests a stand-in with the same fields. */
export type Counted = Pick<CallView, 'name' | 'args' | 'exact' | 'exactHash' | 'exactSize'>;

/** The calls given again to `finish`, in the order they were added. */
export type AddedCalls = readonly { name: string; args: Json }[];

const SLOTS = 256;
/** Table positions: a power of two, four per slot, so probe runs stay short. */
const TABLE = 1024;
const MASK = TABLE - 1;
const TOP = 8;
const MAX_POINTS = 1000;

export interface FingerprintSeries {
  /** Most frequent call fingerprints, most frequent first. */
  top: { fingerprint: string; name: string; count: number }[];
  /** Cumulative count of each `top` fingerprint at sampled turns (counts[i] for top[i]). */
  timeline: { turn: number; counts: number[] }[];
}

interface Slot {
  /** The call that brought this fingerprint into the slot: its `exact` is the fingerprint. */
  call: Counted;
  hash: number;
  count: number;
  /** When the fingerprint took this slot: ties on count evict the oldest, as a Map scan would. */
  seq: number;
  /** Position in the min-heap. */
  at: number;
  /** Index in `slots` (the table stores id + 1). */
  readonly id: number;
}

/** (count, seq) order: the slot Space-Saving evicts is the heap's root. */
function less(a: Slot, b: Slot): boolean {
  return a.count < b.count || (a.count === b.count && a.seq < b.seq);
}

export class FingerprintTracker {
  /** Slot index + 1 at each table position (0: empty), placed by the fingerprint's hash. */
  private readonly table = new Int32Array(TABLE);
  private readonly slots: Slot[] = [];
  /** Min-heap of the slots, so eviction does not scan them all for every new fingerprint. */
  private readonly heap: Slot[] = [];
  private seq = 0;
  private hashes = new Int32Array(1024);
  private turnOfCall = new Int32Array(1024);
  /** The slot occupancy (its `seq`) each call was counted in: one the top slot still has needs no comparison. */
  private seqOfCall = new Int32Array(1024);
  private n = 0;

  add(call: Counted, turn: number): void {
    const h = call.exactHash | 0;
    if (this.n === this.hashes.length) {
      this.hashes = grow(this.hashes);
      this.turnOfCall = grow(this.turnOfCall);
      this.seqOfCall = grow(this.seqOfCall);
    }
    const c = this.n++;
    this.hashes[c] = h;
    this.turnOfCall[c] = turn;
    const s = this.find(call, h);
    if (s) {
      this.seqOfCall[c] = s.seq;
      s.count++;
      this.down(s.at);
      return;
    }
    this.seqOfCall[c] = this.seq;
    if (this.slots.length < SLOTS) {
      const slot: Slot = { call, hash: h, count: 1, seq: this.seq++, at: this.heap.length, id: this.slots.length };
      this.slots.push(slot);
      this.place(slot);
      this.heap.push(slot);
      this.up(slot.at);
      return;
    }
    // Space-Saving: the new key replaces the smallest counter and inherits its count.
    const min = this.heap[0];
    this.remove(min);
    min.call = call;
    min.hash = h;
    min.count++;
    min.seq = this.seq++;
    this.place(min);
    this.down(0);
  }

  private find(call: Counted, h: number): Slot | undefined {
    const table = this.table;
    for (let i = h & MASK; table[i] !== 0; i = (i + 1) & MASK) {
      const s = this.slots[table[i] - 1];
      if (s.hash === h && sameExact(s.call, call)) return s;
    }
    return undefined;
  }

  private place(s: Slot): void {
    const table = this.table;
    let i = s.hash & MASK;
    while (table[i] !== 0) i = (i + 1) & MASK;
    table[i] = s.id + 1;
  }

  /** Linear-probing deletion: later entries of the run move back, so no lookup stops early. */
  private remove(s: Slot): void {
    const table = this.table;
    let i = s.hash & MASK;
    while (table[i] !== s.id + 1) i = (i + 1) & MASK;
    for (let j = (i + 1) & MASK; table[j] !== 0; j = (j + 1) & MASK) {
      const home = this.slots[table[j] - 1].hash & MASK;
      // The entry at j may fill the hole at i unless its home lies cyclically in (i, j].
      if (i <= j ? home <= i || home > j : home <= i && home > j) {
        table[i] = table[j];
        i = j;
      }
    }
    table[i] = 0;
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

  /**
   * `calls`, when given, are the calls added, in the same order: a call whose key is
   * a top fingerprint's is then counted only when its arguments are that fingerprint's. Without
   * them (tests of the table), a call is counted by its key alone.
   */
  finish(turns: number, calls?: AddedCalls): FingerprintSeries {
    const top = this.slots
      .filter((s) => s.count > 1 || this.slots.length <= TOP)
      .sort((a, b) => b.count - a.count || (a.call.exact < b.call.exact ? -1 : 1))
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
        const h = this.hashes[c];
        let i = idx.get(h);
        // Counted in the slot's present occupancy: it is that fingerprint (sameExact said so).
        if (calls && i !== undefined && this.seqOfCall[c] !== top[i].seq) i = topOf(top, h, calls[c]);
        if (i !== undefined) counts[i]++;
        c++;
      }
      if (turn % step === 0 || turn === turns) timeline.push({ turn, counts: counts.slice() });
    }
    for (let i = 0; i < top.length; i++) exact[i] = counts[i];
    return {
      top: top.map((s, i) => ({ fingerprint: s.call.exact, name: s.call.name, count: exact[i] || s.count })),
      timeline,
    };
  }
}

/** The index of the top slot whose fingerprint `call` has (its key is `h`), or undefined. */
function topOf(top: readonly Slot[], h: number, call: { name: string; args: Json }): number | undefined {
  for (let i = 0; i < top.length; i++) {
    const s = top[i];
    if (s.hash === h && s.call.name === call.name && (s.call.args === call.args || sameJson(s.call.args, call.args)))
      return i;
  }
  return undefined;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
