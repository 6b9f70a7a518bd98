import { describe, expect, it } from 'vitest';
import { completeUtf8Length, linePieces, PIECE_CHARS } from './utf8-boundary';

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

describe('linePieces', () => {
  it('cuts after the last line end that fits, and cuts a longer line where it must', () => {
    expect(linePieces('ab\ncd\nef\n', 4)).toEqual(['ab\n', 'cd\n', 'ef\n']);
    expect(linePieces('abcdefghij\nk', 4)).toEqual(['abcd', 'efgh', 'ij\nk']);
    expect(linePieces('short', 4)).toEqual(['shor', 't']);
    expect(linePieces('fits', 4)).toEqual(['fits']);
    expect(linePieces('', 4)).toEqual(['']);
    const text = 'line of text\n'.repeat(10_000);
    const pieces = linePieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= PIECE_CHARS && p.endsWith('\n'))).toBe(true);
  });
});
