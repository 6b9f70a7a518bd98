/**
 * Writes src/import/fixtures/inspect-ai/log_streaming.zstd.eval: the real inspect_ai log
 * corpus/real/inspect-ai/tests/log/test_eval_log/log_streaming.eval (deflate) re-packed with every
 * entry compressed as zstd (zip method 93), the way inspect_ai writes logs under INSPECT_USE_ZSTD.
 * Same entries, same order, same bytes once uncompressed. Python before 3.14 cannot write method
 * 93, so the zip records are written here and the zstd frames come from the `zstd` command.
 * `npx tsx scripts/make-inspect-zstd-fixture.ts` (needs the zstd CLI; output is deterministic for
 * one zstd version: this file was made with zstd 1.5.4, level 19).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'corpus/real/inspect-ai/tests/log/test_eval_log/log_streaming.eval');
const target = join(root, 'src/import/fixtures/inspect-ai/log_streaming.zstd.eval');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1; // 2025-01-01
const ZSTD = 93;
const VERSION = 63; // zip spec 6.3, the first to list zstd

const entries = unzipSync(new Uint8Array(readFileSync(source)));
const local: Uint8Array[] = [];
const central: Uint8Array[] = [];
let offset = 0;
for (const [name, data] of Object.entries(entries)) {
  const packed = new Uint8Array(execFileSync('zstd', ['-19', '-q', '-c'], { input: data }));
  const nameBytes = new TextEncoder().encode(name);
  const crc = crc32(data);
  const head = new DataView(new ArrayBuffer(30));
  head.setUint32(0, 0x04034b50, true);
  head.setUint16(4, VERSION, true);
  head.setUint16(6, 0x0800, true); // UTF-8 names
  head.setUint16(8, ZSTD, true);
  head.setUint16(10, DOS_TIME, true);
  head.setUint16(12, DOS_DATE, true);
  head.setUint32(14, crc, true);
  head.setUint32(18, packed.byteLength, true);
  head.setUint32(22, data.byteLength, true);
  head.setUint16(26, nameBytes.byteLength, true);
  local.push(new Uint8Array(head.buffer), nameBytes, packed);
  const cen = new DataView(new ArrayBuffer(46));
  cen.setUint32(0, 0x02014b50, true);
  cen.setUint16(4, VERSION, true);
  cen.setUint16(6, VERSION, true);
  cen.setUint16(8, 0x0800, true);
  cen.setUint16(10, ZSTD, true);
  cen.setUint16(12, DOS_TIME, true);
  cen.setUint16(14, DOS_DATE, true);
  cen.setUint32(16, crc, true);
  cen.setUint32(20, packed.byteLength, true);
  cen.setUint32(24, data.byteLength, true);
  cen.setUint16(28, nameBytes.byteLength, true);
  cen.setUint32(42, offset, true);
  central.push(new Uint8Array(cen.buffer), nameBytes);
  offset += 30 + nameBytes.byteLength + packed.byteLength;
}
const cenSize = central.reduce((n, b) => n + b.byteLength, 0);
const end = new DataView(new ArrayBuffer(22));
end.setUint32(0, 0x06054b50, true);
end.setUint16(8, Object.keys(entries).length, true);
end.setUint16(10, Object.keys(entries).length, true);
end.setUint32(12, cenSize, true);
end.setUint32(16, offset, true);
const parts = [...local, ...central, new Uint8Array(end.buffer)];
const out = new Uint8Array(parts.reduce((n, b) => n + b.byteLength, 0));
let at = 0;
for (const p of parts) {
  out.set(p, at);
  at += p.byteLength;
}
writeFileSync(target, out);
console.log(`${target}: ${Object.keys(entries).length} entries, ${out.byteLength} bytes`);
