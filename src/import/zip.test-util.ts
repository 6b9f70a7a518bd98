/** Zip archives built byte by byte, for tests of the archive limits (any method, any declared size). */
import { strToU8 } from 'fflate';

/** A zip written record by record, so a test can give any method and declared size. */
export function rawZip(entries: { name: string; data: Uint8Array; method: number; size: number }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = strToU8(e.name);
    const loc = new DataView(new ArrayBuffer(30));
    loc.setUint32(0, 0x04034b50, true);
    loc.setUint16(8, e.method, true);
    loc.setUint32(18, e.data.byteLength, true);
    loc.setUint32(22, e.size, true);
    loc.setUint16(26, name.byteLength, true);
    parts.push(new Uint8Array(loc.buffer), name, e.data);
    const cen = new DataView(new ArrayBuffer(46));
    cen.setUint32(0, 0x02014b50, true);
    cen.setUint16(10, e.method, true);
    cen.setUint32(20, e.data.byteLength, true);
    cen.setUint32(24, e.size, true);
    cen.setUint16(28, name.byteLength, true);
    cen.setUint32(42, offset, true);
    central.push(new Uint8Array(cen.buffer), name);
    offset += 30 + name.byteLength + e.data.byteLength;
  }
  const size = central.reduce((n, b) => n + b.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of all) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

/** A zstd frame of `blocks` RLE blocks of 1 KiB each (a 1 KiB window): tiny in, large out. */
export function zstdRle(blocks: number): Uint8Array {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00]; // magic, no content size, window 1 KiB
  for (let i = 0; i < blocks; i++) {
    const h = (1024 << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
    out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0x20);
  }
  return new Uint8Array(out);
}
