/**
 * zstd (zip method 93) entries of inspect_ai `.eval` archives, decoded with fzstd. Before any
 * decoding the frames are walked (frame header, block headers: RFC 8878 sections 3.1.1 and 3.1.1.2)
 * so a frame that asks for a window larger than the entry limit is refused up front: fzstd
 * allocates the window (or, for a single-segment frame, the declared content size) at once.
 * Output is counted block by block (at most 128 KiB each) through `take`, which throws at a limit.
 */
import { Decompress } from 'fzstd';

const ZSTD_MAGIC = 0xfd2fb528;

class ZstdProblem extends Error {}

/** A frame needs more memory for its window than one entry may take. */
export class ZstdWindowTooLarge extends Error {
  constructor(readonly window: number) {
    super(`a zstd frame declares a ${window}-byte window`);
  }
}

function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

function readLE(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + b[at + i];
  return v;
}

/** Checks every frame's window against maxWindow and that the frames end where the data ends. */
export function checkZstdFrames(data: Uint8Array, maxWindow: number): void {
  const cut = (): never => {
    throw new ZstdProblem('the zstd data is cut short');
  };
  let at = 0;
  while (at < data.byteLength) {
    if (at + 8 > data.byteLength) cut();
    const magic = u32(data, at);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      at += 8 + u32(data, at + 4); // a skippable frame
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw new ZstdProblem('not zstd data (bad frame magic number)');
    const fhd = data[at + 4];
    const single = (fhd >> 5) & 1;
    const fcsFlag = fhd >> 6;
    let p = at + 5;
    let window = 0;
    if (!single) {
      const wd = data[p++];
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    p += [0, 1, 2, 4][fhd & 3];
    const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
    if (p + fcsBytes > data.byteLength) cut();
    const contentSize = readLE(data, p, fcsBytes) + (fcsFlag === 1 ? 256 : 0);
    p += fcsBytes;
    if (single) window = contentSize;
    if (window > maxWindow) throw new ZstdWindowTooLarge(window);
    for (;;) {
      if (p + 3 > data.byteLength) cut();
      const h = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16);
      const type = (h >> 1) & 3;
      if (type === 3) throw new ZstdProblem('a zstd block has the reserved type');
      p += 3 + (type === 1 ? 1 : h >>> 3);
      if (p > data.byteLength) cut();
      if (h & 1) break;
    }
    if ((fhd >> 2) & 1) p += 4;
    if (p > data.byteLength) cut();
    at = p;
  }
}

/** Decodes zstd data, handing each decoded block to `take` (which may throw to stop). */
export function inflateZstd(data: Uint8Array, maxWindow: number, take: (chunk: Uint8Array) => void): void {
  checkZstdFrames(data, maxWindow);
  if (data.byteLength === 0) return;
  const d = new Decompress((chunk) => take(chunk));
  d.push(data, true);
}
