import { describe, expect, it } from 'vitest';
import { eachLine, splitLines } from './source';

async function* chunksOf(parts: (string | number[])[]): AsyncIterable<Uint8Array> {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : new Uint8Array(p);
}

async function lines(parts: (string | number[])[]): Promise<string[]> {
  const out: string[] = [];
  for await (const l of eachLine(splitLines(chunksOf(parts)))) out.push(l);
  return out;
}

describe('splitLines', () => {
  it('joins a line split over many chunks and drops CRLF split across a chunk boundary', async () => {
    expect(await lines(['{"a":', '1}\r', '\n{"b"', ':2}\r\n', '\n', 'last'])).toEqual([
      '{"a":1}',
      '{"b":2}',
      '',
      'last',
    ]);
  });

  it('decodes a multi-byte character cut between two chunks', async () => {
    // "é" is C3 A9 in UTF-8.
    expect(
      await lines([
        [0x63, 0x61, 0x66, 0xc3],
        [0xa9, 0x0a, 0x78],
      ]),
    ).toEqual(['café', 'x']);
  });

  it('reads one 8 MB line delivered in 64 KB chunks whole', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const parts = Array.from({ length: 128 }, () => piece);
    const out = await lines(parts);
    expect(out.length).toBe(1);
    expect(out[0].length).toBe(8 * 1024 * 1024);
  });

  it('yields nothing for an empty stream and no trailing empty line after a final newline', async () => {
    expect(await lines([])).toEqual([]);
    expect(await lines(['a\n'])).toEqual(['a']);
  });
});
