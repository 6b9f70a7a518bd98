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
}

export class FingerprintTracker {
  private readonly slots = new Map<string, Slot>();
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
      return;
    }
    if (this.slots.size < SLOTS) {
      this.slots.set(fp, { fp, name, hash: h, count: 1 });
      return;
    }
    // Space-Saving: the new key replaces the smallest counter and inherits its count.
    let min: Slot | undefined;
    for (const v of this.slots.values()) if (!min || v.count < min.count) min = v;
    this.slots.delete(min!.fp);
    this.slots.set(fp, { fp, name, hash: h, count: min!.count + 1 });
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
