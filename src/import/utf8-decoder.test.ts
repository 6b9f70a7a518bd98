import { describe, expect, it } from 'vitest';
import { Utf8Decoder } from './utf8-decoder';

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** Decodes `input` cut at `cuts`, streaming, as splitLines feeds a decoder. */
function inPieces(input: Uint8Array, cuts: number[]): string {
  const d = new Utf8Decoder();
  let out = '';
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    out += d.decode(input.subarray(at, c), { stream: true });
    at = c;
  }
  return out + d.decode(input.subarray(at)) + d.decode();
}

function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mostly text (ASCII, é, →, ✅, 😀), some bytes that are not UTF-8: what a transcript with a broken write holds. */
function sample(rnd: () => number, length: number): Uint8Array {
  const out: number[] = [];
  const pieces = ['a', 'line\n', '{"k":1}', 'é', '→', '✅', '😀'].map(utf8);
  const bad = [
    [0xc0, 0x80],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xe2, 0x82],
    [0xff],
    [0x80],
    [0xf0, 0x9f, 0x98],
  ];
  while (out.length < length) {
    if (rnd() < 0.08) out.push(...bad[Math.floor(rnd() * bad.length)]);
    else out.push(...pieces[Math.floor(rnd() * pieces.length)]);
  }
  return new Uint8Array(out);
}

describe('Utf8Decoder', () => {
  it('decodes text of one to four bytes a character', () => {
    expect(new Utf8Decoder().decode(utf8('café → ✅ 😀 done'))).toBe('café → ✅ 😀 done');
  });

  it('joins a character cut between two chunks, as TextDecoder does', () => {
    const d = new Utf8Decoder();
    expect(d.decode(bytes(0x61, 0xf0, 0x9f), { stream: true })).toBe('a');
    expect(d.decode(bytes(0x98, 0x80, 0x62), { stream: true })).toBe('😀b');
    expect(d.decode()).toBe('');
  });

  it('replaces each maximal invalid part with one U+FFFD', () => {
    const d = () => new Utf8Decoder();
    expect(d().decode(bytes(0xc0, 0x80))).toBe('\uFFFD\uFFFD'); // overlong
    expect(d().decode(bytes(0xed, 0xa0, 0x80))).toBe('\uFFFD\uFFFD\uFFFD'); // a surrogate
    expect(d().decode(bytes(0xf4, 0x90, 0x80, 0x80))).toBe('\uFFFD\uFFFD\uFFFD\uFFFD'); // past U+10FFFF
    expect(d().decode(bytes(0xe2, 0x82, 0x41))).toBe('\uFFFDA'); // cut short, then a letter
    expect(d().decode(bytes(0xe2, 0x82))).toBe('\uFFFD'); // cut by the end of the input
    expect(d().decode(bytes(0x41, 0xff, 0x42))).toBe('A\uFFFDB');
  });

  it('a sequence cut by the last chunk is one U+FFFD at the end of the stream', () => {
    const d = new Utf8Decoder();
    expect(d.decode(bytes(0x41, 0xe2, 0x82), { stream: true })).toBe('A');
    expect(d.decode()).toBe('\uFFFD');
  });

  it('gives what TextDecoder gives, however the input is cut (300 random inputs)', () => {
    const rnd = prng(20261126);
    for (let n = 0; n < 300; n++) {
      const input = sample(rnd, 1 + Math.floor(rnd() * 40_000));
      const cuts = Array.from({ length: Math.floor(rnd() * 6) }, () => Math.floor(rnd() * input.length));
      const expected = new TextDecoder().decode(input);
      const got = inPieces(input, cuts);
      if (got !== expected) expect({ n, cuts, got: got.length }).toEqual({ n, cuts, got: expected.length });
      expect(got).toBe(expected);
    }
  });
});
