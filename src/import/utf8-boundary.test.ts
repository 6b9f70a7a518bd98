import { describe, expect, it } from 'vitest';
import { completeUtf8Length, decodeLinePieces, newSliceDecoding, PIECE_BYTES, PIECE_CHARS } from './utf8-boundary';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('completeUtf8Length', () => {
  it('keeps every byte of text that ends on a whole character', () => {
    expect(completeUtf8Length(bytes('plain ascii'))).toBe(11);
    expect(completeUtf8Length(bytes('café'))).toBe(5);
    expect(completeUtf8Length(bytes('✓ done ✓'))).toBe(12);
    expect(completeUtf8Length(bytes('emoji 🙂'))).toBe(10);
    expect(completeUtf8Length(new Uint8Array(0))).toBe(0);
  });

  it('leaves out a character cut after its first, second or third byte', () => {
    const smile = bytes('ab🙂'); // 2 + 4 bytes
    expect(completeUtf8Length(smile.subarray(0, 3))).toBe(2);
    expect(completeUtf8Length(smile.subarray(0, 4))).toBe(2);
    expect(completeUtf8Length(smile.subarray(0, 5))).toBe(2);
    const check = bytes('a✓'); // 1 + 3 bytes
    expect(completeUtf8Length(check.subarray(0, 2))).toBe(1);
    expect(completeUtf8Length(check.subarray(0, 3))).toBe(1);
  });

  it('cuts where a stream decoder would hold bytes, so slices decode to the whole text', () => {
    const text = 'línea ✓ 🙂 ok\n'.repeat(50);
    const all = bytes(text);
    for (let size = 1; size <= 9; size++) {
      let out = '';
      let carry = new Uint8Array(0);
      for (let at = 0; at < all.length; at += size) {
        const joined = new Uint8Array([...carry, ...all.subarray(at, at + size)]);
        const cut = completeUtf8Length(joined);
        out += new TextDecoder().decode(joined.subarray(0, cut));
        carry = joined.slice(cut);
      }
      expect(carry.length).toBe(0);
      expect(out).toBe(text);
    }
  });
});

describe('decodeLinePieces', () => {
  const decode = (slices: string[], max: number, fileStart = true) => {
    const state = newSliceDecoding();
    const out: string[][] = [];
    slices.forEach((sl, i) =>
      out.push(decodeLinePieces(state, bytes(sl), i === slices.length - 1, fileStart && i === 0, max)),
    );
    return out;
  };

  it('cuts after the last line end that fits, keeps the unfinished line for the next slice, and decodes all at the last', () => {
    expect(decode(['ab\ncd\nef', 'g\nh'], 4)).toEqual([
      ['ab\n', 'cd\n'],
      ['efg\n', 'h'],
    ]);
    // A line longer than a piece is cut where it must, on a character boundary.
    expect(decode(['abcdefghij\nk'], 4)).toEqual([['abcd', 'efgh', 'ij\nk']]);
    expect(decode(['é€🙂x\n'], 4)).toEqual([['é', '€', '🙂', 'x\n']]);
    expect(decode(['fits'], 4)).toEqual([['fits']]);
    expect(decode([''], 4)).toEqual([[]]);
  });

  it('joins a carried line with the next slice without losing or splitting a character', () => {
    const text = 'línea ✓ 🙂 ok\n'.repeat(40) + 'tail ✓';
    const all = bytes(text);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const state = newSliceDecoding();
      const pieces: string[] = [];
      for (let at = 0; at < all.length; at += size) {
        const slice = all.subarray(at, at + size);
        pieces.push(...decodeLinePieces(state, slice, at + size >= all.length, at === 0, 16));
        expect(state.carry.length).toBeLessThanOrEqual(16);
      }
      expect(pieces.join('')).toBe(text);
      expect(pieces.every((p) => bytes(p).length <= 16)).toBe(true);
      expect(pieces.some((p) => p.includes('\uFFFD'))).toBe(false);
    }
  });

  it('drops the byte order mark that starts the file, and keeps a U+FEFF anywhere else', () => {
    expect(decode(['\uFEFFa\n\uFEFFb\n'], 5)).toEqual([['a\n', '\uFEFFb\n']]);
    expect(decode(['\uFEFFa\n'], 8, false)).toEqual([['\uFEFFa\n']]);
  });

  it('keeps pieces of a real-sized slice within PIECE_BYTES, each ending at a line end', () => {
    const text = 'line of text ✓\n'.repeat(10_000);
    const out = decode([text], PIECE_BYTES);
    expect(out[0].join('')).toBe(text);
    expect(out[0].every((p) => p.length <= PIECE_CHARS && p.endsWith('\n'))).toBe(true);
  });
});
