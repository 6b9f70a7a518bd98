import { distance } from 'fastest-levenshtein';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsSimilarity } from './json-similarity';
import { mayBeJson, ResultSlot, resultPrefilter, resultSimilarityAbove } from './result-similarity';
import { LevenshteinScratch } from './similarity';

/** One for the whole file: reuse across comparisons of every size must not change an answer. */
const scratch = new LevenshteinScratch();

function slot(content: string): ResultSlot {
  const s = new ResultSlot();
  s.set(content, false);
  return s;
}

/** The ChatLoop design's result_similarity, literally. */
function oracle(a: string, b: string, t: number): number {
  if (a === '' && b === '') return 1;
  if (a === b) return 1;
  let ja: unknown;
  let jb: unknown;
  try {
    ja = JSON.parse(a);
    jb = JSON.parse(b);
  } catch {
    ja = jb = undefined;
  }
  if (ja !== undefined && jb !== undefined) return argumentsSimilarity(ja as never, jb as never, t);
  const m = Math.max(a.length, b.length);
  return 1 - distance(a, b) / m;
}

describe('mayBeJson (only texts JSON.parse may accept go to JSON.parse)', () => {
  it('accepts JSON shapes and rejects plain text', () => {
    for (const s of ['{"a":1}', ' [1,2] ', '"x"', 'true', 'null', '-1.5e3', '0']) expect(mayBeJson(s)).toBe(true);
    for (const s of ['total 48', 'Error: not found', 'nothing', '', '  ', '12 files', '{unclosed', 'tru'])
      expect(mayBeJson(s)).toBe(false);
  });

  it('never rejects a text that JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('', ' ', '\n'), (v, pad) => {
        expect(mayBeJson(pad + JSON.stringify(v) + pad)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('result similarity (ChatLoop level 4)', () => {
  it('two empty results and two equal results score 1', () => {
    expect(resultSimilarityAbove(slot(''), slot(''), 0.9, scratch)).toBe(1);
    expect(resultSimilarityAbove(slot('No such file'), slot('No such file'), 0.9, scratch)).toBe(1);
  });

  it('JSON results are compared structurally: key order does not matter', () => {
    expect(
      resultSimilarityAbove(slot('{"files":[],"count":0}'), slot('{ "count": 0, "files": [] }'), 0.9, scratch),
    ).toBe(1);
    // one field of two differs: 0.5
    expect(resultSimilarityAbove(slot('{"a":1,"b":2}'), slot('{"a":1,"b":3}'), 0.4, scratch)).toBe(0.5);
    expect(resultSimilarityAbove(slot('{"a":1,"b":2}'), slot('{"a":1,"b":3}'), 0.9, scratch)).toBe(-1);
  });

  it('numbers are JSON too (as in serde_json): "42" vs "43" score 0, not the text similarity 0.5', () => {
    expect(resultSimilarityAbove(slot('42'), slot('43'), -1, scratch)).toBe(0);
  });

  it('text results: 1 - levenshtein / max length', () => {
    const a = 'error: file not found: src/config.rs';
    const b = 'error: file not found: src/config.ts';
    expect(resultSimilarityAbove(slot(a), slot(b), 0.9, scratch)).toBe(1 - 1 / a.length);
  });

  it("prefilter and full comparison agree with the ChatLoop design's formula taken literally on random texts and JSON", () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n'), maxLength: 400 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(text, text, fc.integer({ min: 50, max: 99 }), fc.boolean(), (a, b0, pct, near) => {
        const b = near ? a.slice(0, a.length >> 1) + b0.slice(0, 8) + a.slice(a.length >> 1) : b0;
        const t = pct / 100;
        const exact = oracle(a, b, t);
        const sa = slot(a);
        const sb = slot(b);
        const pre = resultPrefilter(sa, sb, t);
        const full = resultSimilarityAbove(sa, sb, t, scratch);
        expect(full).toBe(exact > t ? exact : -1);
        if (pre === 1) expect(exact > t).toBe(true);
        if (pre === -1) expect(exact > t).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });
});
