/**
 * A zip reader for inspect_ai `.eval` archives that reads one entry at a time: the central
 * directory is parsed first, each entry's declared size is checked against ARCHIVE_LIMITS before
 * anything is inflated, and the limit is enforced again while inflating (a lying size cannot
 * make it allocate more). Methods: stored (0), deflate (8) with fflate, zstd (93) with fzstd.
 * inspect writes zstd when INSPECT_USE_ZSTD is set (UKGovernmentBEIS/inspect_ai,
 * src/inspect_ai/_util/compression.py and zip_common.py `ZipCompressionMethod.ZSTD`).
 */
import { Inflate } from 'fflate';
import { ImportError } from './types';
import { describeBytes, type ArchiveLimits } from '../model/limits';
import { ZstdWindowTooLarge, inflateZstd } from './inspect-ai-zstd';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** Uncompressed size as the central directory declares it (not trusted). */
  size: number;
  localOffset: number;
}

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const METHOD_NAMES: Record<number, string> = { 9: 'deflate64', 12: 'bzip2', 14: 'LZMA', 95: 'xz', 98: 'PPMd' };
/** Deflate input is pushed in slices this big: one push inflates at most ~1032x it (66 MiB past a
 * limit at worst); smaller slices made fflate twice as slow on real logs. */
const DEFLATE_SLICE = 64 * 1024;

class Damaged extends Error {}

function damaged(file: string, reason: string): ImportError {
  return new ImportError(file, `the .eval archive is truncated or damaged: ${reason}`);
}

class Reader {
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(at: number, n: number, what: string): void {
    if (at < 0 || at + n > this.bytes.byteLength) throw new Damaged(`${what} lies past the end of the file`);
  }
  u16(at: number): number {
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    return this.view.getUint32(at, true);
  }
  u64(at: number): number {
    const v = this.u32(at) + this.u32(at + 4) * 2 ** 32;
    if (!Number.isSafeInteger(v)) throw new Damaged('a 64-bit size or offset is out of range');
    return v;
  }
}

function findEndRecord(r: Reader): number {
  const end = r.bytes.byteLength - 22;
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = end; at >= 0 && at >= end - 0xffff; at--) {
    if (r.u32(at) === SIG_EOCD && at + 22 + r.u16(at + 20) <= r.bytes.byteLength) return at;
  }
  throw new Damaged('no end-of-archive record (the file is cut short or is not a zip)');
}

/** Entry count and where the central directory is, from the (zip64) end-of-archive record. */
function directoryPlace(r: Reader): { count: number; offset: number } {
  const eocd = findEndRecord(r);
  let count = r.u16(eocd + 10);
  let offset = r.u32(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || r.u32(loc) !== SIG_ZIP64_LOCATOR) throw new Damaged('the zip64 end-of-archive locator is missing');
    const z = r.u64(loc + 8);
    r.need(z, 56, 'the zip64 end-of-archive record');
    if (r.u32(z) !== SIG_ZIP64_EOCD) throw new Damaged('the zip64 end-of-archive record is missing');
    count = r.u64(z + 32);
    offset = r.u64(z + 48);
  }
  return { count, offset };
}

/** The entries listed in the central directory, in directory order. */
export function readZipDirectory(bytes: Uint8Array, file: string): ZipEntry[] {
  const r = new Reader(bytes);
  const names = new TextDecoder();
  try {
    if (bytes.byteLength < 22) throw new Damaged('too short to be a zip');
    const { count, offset } = directoryPlace(r);
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      r.need(at, 46, `central directory record ${i + 1}`);
      if (r.u32(at) !== SIG_CENTRAL) throw new Damaged(`central directory record ${i + 1} has a bad signature`);
      const nameLen = r.u16(at + 28);
      const extraLen = r.u16(at + 30);
      const commentLen = r.u16(at + 32);
      r.need(at + 46, nameLen + extraLen, `central directory record ${i + 1}`);
      const e: ZipEntry = {
        name: names.decode(bytes.subarray(at + 46, at + 46 + nameLen)),
        flags: r.u16(at + 8),
        method: r.u16(at + 10),
        compressedSize: r.u32(at + 20),
        size: r.u32(at + 24),
        localOffset: r.u32(at + 42),
      };
      readZip64Extra(r, at + 46 + nameLen, extraLen, e);
      entries.push(e);
      at += 46 + nameLen + extraLen + commentLen;
    }
    return entries;
  } catch (e) {
    if (e instanceof Damaged) throw damaged(file, e.message);
    throw e;
  }
}

/** Sizes and offset of 4 GB and more live in the zip64 extra field, in this order. */
function readZip64Extra(r: Reader, at: number, len: number, e: ZipEntry): void {
  const end = at + len;
  while (at + 4 <= end) {
    const id = r.u16(at);
    const size = r.u16(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      const take = (): number => {
        if (p + 8 > at + 4 + size) throw new Damaged(`the zip64 sizes of entry ${e.name} are cut short`);
        const v = r.u64(p);
        p += 8;
        return v;
      };
      if (e.size === 0xffffffff) e.size = take();
      if (e.compressedSize === 0xffffffff) e.compressedSize = take();
      if (e.localOffset === 0xffffffff) e.localOffset = take();
      return;
    }
    at += 4 + size;
  }
}

/** Tracks how much the archive has inflated so far against the total limit. */
export class InflateBudget {
  used = 0;
  constructor(readonly limits: ArchiveLimits) {}
}

function entryData(r: Reader, e: ZipEntry): Uint8Array {
  r.need(e.localOffset, 30, `the local header of entry ${e.name}`);
  if (r.u32(e.localOffset) !== SIG_LOCAL) throw new Damaged(`entry ${e.name} has a bad local header`);
  const start = e.localOffset + 30 + r.u16(e.localOffset + 26) + r.u16(e.localOffset + 28);
  r.need(start, e.compressedSize, `the data of entry ${e.name}`);
  return r.bytes.subarray(start, start + e.compressedSize);
}

/** What stops a read that would go over a limit: the entry's own limit or the archive's total. */
function overLimit(file: string, e: ZipEntry, budget: InflateBudget, produced: number, declared: boolean): void {
  const { entryBytes, totalBytes } = budget.limits;
  if (produced > entryBytes)
    throw new ImportError(
      file,
      declared
        ? `entry ${e.name} declares ${describeBytes(e.size)} uncompressed, over the ${describeBytes(entryBytes)} limit for one archive entry (raise it with --max-entry-mb)`
        : `entry ${e.name} inflates past the ${describeBytes(entryBytes)} limit for one archive entry (its header says ${describeBytes(e.size)}; raise it with --max-entry-mb)`,
    );
  if (budget.used + produced > totalBytes)
    throw new ImportError(
      file,
      `entry ${e.name} takes the archive past the ${describeBytes(totalBytes)} limit for all its entries together (raise it with --max-archive-mb)`,
    );
}

function concat(chunks: Uint8Array[], n: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** One entry's uncompressed bytes, within the entry and archive limits. */
export function readZipEntry(bytes: Uint8Array, e: ZipEntry, file: string, budget: InflateBudget): Uint8Array {
  if (e.flags & 1) throw new ImportError(file, `entry ${e.name} is encrypted, which this reader does not support`);
  if (e.method !== 0 && e.method !== 8 && e.method !== 93)
    throw new ImportError(
      file,
      `entry ${e.name} uses ${METHOD_NAMES[e.method] ?? `compression method ${e.method}`}, which this reader cannot unpack (only stored, deflate and zstd; \`inspect log convert --to json\` writes a log it reads)`,
    );
  overLimit(file, e, budget, e.size, true);
  const r = new Reader(bytes);
  let data: Uint8Array;
  try {
    data = entryData(r, e);
  } catch (err) {
    if (err instanceof Damaged) throw damaged(file, err.message);
    throw err;
  }
  const chunks: Uint8Array[] = [];
  let produced = 0;
  const take = (chunk: Uint8Array): void => {
    produced += chunk.byteLength;
    overLimit(file, e, budget, produced, false);
    if (chunk.byteLength) chunks.push(chunk);
  };
  try {
    if (e.method === 0) take(data);
    else if (e.method === 8) {
      const inflate = new Inflate((chunk) => take(chunk));
      if (data.byteLength === 0) inflate.push(data, true);
      for (let at = 0; at < data.byteLength; at += DEFLATE_SLICE)
        inflate.push(data.subarray(at, at + DEFLATE_SLICE), at + DEFLATE_SLICE >= data.byteLength);
    } else inflateZstd(data, budget.limits.entryBytes, take);
  } catch (err) {
    if (err instanceof ImportError) throw err;
    if (err instanceof ZstdWindowTooLarge)
      throw new ImportError(
        file,
        `entry ${e.name} declares a zstd window of ${describeBytes(err.window)}, over the ${describeBytes(budget.limits.entryBytes)} limit for one archive entry (raise it with --max-entry-mb)`,
      );
    throw damaged(file, `entry ${e.name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  budget.used += produced;
  return concat(chunks, produced);
}
