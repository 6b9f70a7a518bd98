/**
 * The fingerprint series' own hash table (series.ts) must pick the same top fingerprints and the
 * same timeline as the Map-keyed Space-Saving it replaced (kept below as the reference), also
 * when fingerprints collide in the hash and slots are evicted and reused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactFingerprint, hash32 } from './fingerprint';
import { FingerprintTracker, type Counted, type FingerprintSeries } from './series';

/** The previous implementation: a Map from fingerprint to slot, and a linear scan for the minimum. */
class ReferenceTracker {
  private readonly slots = new Map<string, { fp: string; name: string; hash: number; count: number; seq: number }>();
  private seq = 0;
  private readonly hashes: number[] = [];
  private readonly turnOfCall: number[] = [];
  constructor(private readonly hash: (s: string) => number) {}

  add(fp: string, name: string, turn: number): void {
    const h = this.hash(fp) | 0;
    this.hashes.push(h);
    this.turnOfCall.push(turn);
    const s = this.slots.get(fp);
    if (s) {
      s.count++;
      return;
    }
    if (this.slots.size < 256) {
      this.slots.set(fp, { fp, name, hash: h, count: 1, seq: this.seq++ });
      return;
    }
    let min: { fp: string; name: string; hash: number; count: number; seq: number } | undefined;
    for (const x of this.slots.values())
      if (!min || x.count < min.count || (x.count === min.count && x.seq < min.seq)) min = x;
    this.slots.delete(min!.fp);
    this.slots.set(fp, { fp, name, hash: h, count: min!.count + 1, seq: this.seq++ });
  }

  finish(turns: number): FingerprintSeries {
    const top = [...this.slots.values()]
      .filter((s) => s.count > 1 || this.slots.size <= 8)
      .sort((a, b) => b.count - a.count || (a.fp < b.fp ? -1 : 1))
      .slice(0, 8);
    const idx = new Map<number, number>();
    top.forEach((s, i) => idx.set(s.hash, i));
    const counts = new Array<number>(top.length).fill(0);
    const timeline: FingerprintSeries['timeline'] = [];
    const step = Math.max(1, Math.ceil(turns / 1000));
    let c = 0;
    for (let turn = 1; turn <= turns; turn++) {
      while (c < this.hashes.length && this.turnOfCall[c] === turn) {
        const i = idx.get(this.hashes[c]);
        if (i !== undefined) counts[i]++;
        c++;
      }
      if (turn % step === 0 || turn === turns) timeline.push({ turn, counts: counts.slice() });
    }
    return { top: top.map((s, i) => ({ fingerprint: s.fp, name: s.name, count: counts[i] || s.count })), timeline };
  }
}

/** Fingerprints drawn from `distinct` names, a few of them much more often (as loops make them). */
const stream = (distinct: number) =>
  fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 5 }) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: distinct - 1 }) },
    ),
    { minLength: 300, maxLength: 3000, size: 'max' },
  );

/** A call as the series sees it, its hash given (a weak one makes collisions). */
function counted(name: string, args: { path: string }, hash: (s: string) => number): Counted {
  const exact = exactFingerprint(name, args);
  return { name, args, exact, exactHash: hash(exact), exactSize: exact.length };
}

function both(ids: number[], hash: (s: string) => number) {
  const a = new FingerprintTracker();
  const b = new ReferenceTracker(hash);
  ids.forEach((id, i) => {
    const c = counted('read', { path: `f${id}.ts` }, hash);
    const turn = 1 + Math.floor(i / 2);
    a.add(c, turn);
    b.add(c.exact, 'read', turn);
  });
  const turns = Math.ceil(ids.length / 2);
  return [a.finish(turns), b.finish(turns)];
}

describe('fingerprint series', () => {
  it('counts the top fingerprints over time', () => {
    const t = new FingerprintTracker();
    const ls = (path: string) => counted('ls', { path }, hash32);
    t.add(ls('a'), 1);
    t.add(ls('b'), 1);
    t.add({ ...ls('a'), args: { path: 'a' } }, 2);
    t.add(ls('a'), 3);
    expect(t.finish(3)).toEqual({
      top: [
        { fingerprint: 'ls:{"path":"a"}', name: 'ls', count: 3 },
        { fingerprint: 'ls:{"path":"b"}', name: 'ls', count: 1 },
      ],
      timeline: [
        { turn: 1, counts: [1, 1] },
        { turn: 2, counts: [2, 1] },
        { turn: 3, counts: [3, 1] },
      ],
    });
  });

  it('equals the Map-keyed Space-Saving, with evictions (more distinct fingerprints than slots)', () => {
    fc.assert(
      fc.property(stream(600), (ids) => {
        const [got, want] = both(ids, hash32);
        expect(got).toEqual(want);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('equals it when fingerprints collide in the hash (lookups, evictions and reuse of table positions)', () => {
    // 7 hash values for 600 fingerprints: long probe runs, and deletions inside them.
    const weak = (s: string) => s.length * 2654435761 + (s.charCodeAt(s.length - 3) % 3);
    fc.assert(
      fc.property(stream(600), (ids) => {
        const [got, want] = both(ids, weak);
        expect(got).toEqual(want);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('counts the timeline by fingerprint, not by key, when given the calls again (keys shared by distinct calls)', () => {
    // One key for every call: only the arguments tell the three fingerprints apart.
    const same = () => 7;
    const ids = [0, 1, 0, 2, 0, 1, 0];
    const calls = ids.map((id) => counted('read', { path: `f${id}.ts` }, same));
    const t = new FingerprintTracker();
    calls.forEach((c, i) => t.add(c, i + 1));
    const series = t.finish(ids.length, calls);
    expect(series.top.map((x) => [x.fingerprint, x.count])).toEqual([
      ['read:{"path":"f0.ts"}', 4],
      ['read:{"path":"f1.ts"}', 2],
      ['read:{"path":"f2.ts"}', 1],
    ]);
    expect(series.timeline.map((p) => p.counts)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [2, 1, 0],
      [2, 1, 1],
      [3, 1, 1],
      [3, 2, 1],
      [4, 2, 1],
    ]);
  });

  it('with the calls given again, counts as by fingerprint text also when keys collide and slots are evicted', () => {
    const weak = (s: string) => s.length * 2654435761 + (s.charCodeAt(s.length - 3) % 3);
    fc.assert(
      fc.property(stream(600), (ids) => {
        const a = new FingerprintTracker();
        const b = new ReferenceTracker(hash32);
        const calls = ids.map((id) => counted('read', { path: `f${id}.ts` }, weak));
        calls.forEach((c, i) => {
          a.add(c, 1 + Math.floor(i / 2));
          b.add(c.exact, 'read', 1 + Math.floor(i / 2));
        });
        const turns = Math.ceil(ids.length / 2);
        expect(a.finish(turns, calls)).toEqual(b.finish(turns));
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });
});
