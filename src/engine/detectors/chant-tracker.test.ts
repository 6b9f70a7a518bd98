import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChantTracker, type ChantParams } from './chant-tracker';

/**
 * A line-for-line port of Gemini CLI's checkContentLoop (chunks keyed by their text, eager
 * re-indexing on truncation): the reference the optimised tracker must agree with.
 */
class GeminiReference {
  hist = '';
  stats = new Map<string, number[]>();
  last = 0;
  inCode = false;
  constructor(private readonly p: ChantParams) {}
  reset() {
    this.hist = '';
    this.stats.clear();
    this.last = 0;
  }
  feed(content: string): string | null {
    const numFences = (content.match(/```/g) ?? []).length;
    const hasTable = /(^|\n)\s*(\|.*\||[|+-]{3,})/.test(content);
    const hasListItem = /(^|\n)\s*[*-+]\s/.test(content) || /(^|\n)\s*\d+\.\s/.test(content);
    const hasHeading = /(^|\n)#+\s/.test(content);
    const hasBlockquote = /(^|\n)>\s/.test(content);
    const isDivider = /^[+-_=*\u2500-\u257F]+$/.test(content);
    if (numFences || hasTable || hasListItem || hasHeading || hasBlockquote || isDivider) this.reset();
    const was = this.inCode;
    this.inCode = numFences % 2 === 0 ? this.inCode : !this.inCode;
    if (was || this.inCode || isDivider) return null;
    this.hist += content;
    if (this.hist.length > this.p.maxHistory) {
      const cut = this.hist.length - this.p.maxHistory;
      this.hist = this.hist.slice(cut);
      this.last = Math.max(0, this.last - cut);
      for (const [k, idx] of this.stats) {
        const adj = idx.map((i) => i - cut).filter((i) => i >= 0);
        if (adj.length) this.stats.set(k, adj);
        else this.stats.delete(k);
      }
    }
    const size = this.p.chunkSize;
    while (this.last + size <= this.hist.length) {
      const chunk = this.hist.substring(this.last, this.last + size);
      if (this.isLoop(chunk)) {
        return `Repeating content detected: "${this.hist.substring(Math.max(0, this.last - 20), this.last + size).trim()}..."`;
      }
      this.last++;
    }
    return null;
  }
  isLoop(chunk: string): boolean {
    const { threshold, chunkSize } = this.p;
    const existing = this.stats.get(chunk);
    if (!existing) {
      this.stats.set(chunk, [this.last]);
      return false;
    }
    existing.push(this.last);
    if (existing.length < threshold) return false;
    const recent = existing.slice(-threshold);
    if ((recent[recent.length - 1] - recent[0]) / (threshold - 1) > chunkSize * this.p.maxDistanceChunks) return false;
    if (!this.p.checkPeriods) return true;
    const periods = new Set<string>();
    for (let i = 0; i < recent.length - 1; i++) periods.add(this.hist.substring(recent[i], recent[i + 1]));
    return periods.size <= Math.floor(threshold / 2);
  }
}

describe('ChantTracker agrees with a direct port of Gemini CLI', () => {
  it('on random chunk streams with resets, truncation, fences and markdown', () => {
    const piece = fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[ab ]{0,12}$/) },
      { weight: 1, arbitrary: fc.constantFrom('```', '\n# h ', '\n> q ', '---', 'ab\n', '\n* x ', '1. y ') },
    );
    const step = fc.oneof(
      { weight: 12, arbitrary: fc.array(piece, { minLength: 1, maxLength: 3 }).map((a) => a.join('')) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
    const params = fc.record({
      chunkSize: fc.integer({ min: 2, max: 6 }),
      threshold: fc.integer({ min: 2, max: 6 }),
      maxHistory: fc.integer({ min: 8, max: 60 }),
      maxDistanceChunks: fc.constantFrom(1, 1.5, 5),
      checkPeriods: fc.boolean(),
      // The reference is Gemini CLI's code, with its markers.
      fixedMarkers: fc.constant(false),
    });
    fc.assert(
      fc.property(params, fc.array(step, { maxLength: 80 }), (p, steps) => {
        const ours = new ChantTracker(p);
        const ref = new GeminiReference(p);
        for (const s of steps) {
          if (s === null) {
            ours.reset();
            ref.reset();
            continue;
          }
          expect(ours.feed(s)).toBe(ref.feed(s));
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe("ChantTracker with Qwen Code's fixed markers", () => {
  const p = { chunkSize: 5, threshold: 3, maxHistory: 200, maxDistanceChunks: 5, checkPeriods: false };
  const stream = (fixedMarkers: boolean, chunks: string[]) => {
    const t = new ChantTracker({ ...p, fixedMarkers });
    return chunks.map((c) => t.feed(c) !== null);
  };

  it("a '- ' bullet is a list item: each one resets the tracking (Gemini's `[*-+]` misses it)", () => {
    const bullets = Array.from({ length: 6 }, () => '- ab\n');
    expect(stream(true, bullets)).toEqual([false, false, false, false, false, false]);
    expect(stream(false, bullets)).toContain(true);
  });

  it("digits and capitals are text, not a divider (Gemini's `[+-_=*]` spans them)", () => {
    const chant = Array.from({ length: 6 }, () => 'SELECT');
    expect(stream(true, chant)).toContain(true);
    expect(stream(false, chant)).toEqual([false, false, false, false, false, false]);
  });
});
