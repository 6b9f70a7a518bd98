import { describeBytes, LINE_LIMITS } from '../model/limits';
import type { ImportWarning } from '../model/transcript';
import {
  blobChunks,
  decodeChunks,
  decodeInLinePieces,
  slices,
  type StreamDecoder,
  type TextChunk,
} from './blob-chunks';
import { ContentHasher } from './content-hasher';
import { Utf8Decoder } from './utf8-decoder';
import { ImportError, type ImportContext, type ImportSource } from './types';

/** How much of a file sniffers see (and how much a document must exceed to count as large). */
export const HEAD_BYTES = 64 * 1024;

/**
 * In Chromium's engine worker, files from this size on are decoded into heap strings
 * (utf8-decoder.ts): slower, but what TextDecoder leaves for a major collection made the peak of
 * a 1.2 GB import ~0.6 GB higher. Node's TextDecoder makes heap strings already: off there (the
 * engine worker's imports pass it as ImportContext.heapDecodeMinBytes).
 */
export const HEAP_DECODE_MIN_BYTES = 256 << 20;

/**
 * Splits decoded chunks into lines, handed over a chunk's lines at a time (one async step per
 * chunk, not per line). The unfinished line is kept as a list of pieces and joined once, when its
 * end arrives: searching a growing string for every chunk made a 200 MB single-line file quadratic.
 */
export function splitLines(
  chunks: AsyncIterable<Uint8Array>,
  onBytes?: (n: number) => void,
  file = 'input',
  maxLineChars: number = LINE_LIMITS.lineChars,
  replaced?: ReplacedLines,
  decoder: StreamDecoder = new TextDecoder('utf-8'),
): AsyncIterable<string[]> {
  return splitTextLines(decodeChunks(chunks, decoder), onBytes, file, maxLineChars, replaced);
}

/** splitLines over text already decoded (decodeInLinePieces, or decodeChunks). */
async function* splitTextLines(
  texts: AsyncIterable<TextChunk>,
  onBytes?: (n: number) => void,
  file = 'input',
  maxLineChars: number = LINE_LIMITS.lineChars,
  replaced?: ReplacedLines,
): AsyncIterable<string[]> {
  let pieces: string[] = [];
  let pending = 0;
  let lineNo = 0;
  let read = 0;
  /** Whether the text being split (or the pieces kept from before it) holds a U+FFFD. */
  let mayBeReplaced = false;
  const tooLong = () =>
    new ImportError(
      file,
      `the line is over the ${describeBytes(maxLineChars)} limit for one line (raise it with --max-line-mb)`,
      lineNo + 1,
    );
  const take = (last: string): string => {
    if (pending + last.length > maxLineChars) throw tooLong();
    let line = pieces.length === 0 ? last : pieces.join('') + last;
    pieces = [];
    pending = 0;
    lineNo++;
    // U+FFFD is what the non-fatal decoder puts for invalid UTF-8: one native scan per chunk, and
    // per line only in a chunk that has one. A U+FFFD written in the file is reported too.
    if (mayBeReplaced && replaced && line.indexOf('\uFFFD') !== -1) {
      replaced.count++;
      replaced.first ??= lineNo;
    }
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    return line;
  };
  for await (const { texts: chunkTexts, bytes } of texts) {
    read += bytes;
    const batch: string[] = [];
    for (const text of chunkTexts) {
      mayBeReplaced ||= text.indexOf('\uFFFD') !== -1;
      let start = 0;
      let nl = text.indexOf('\n');
      while (nl !== -1) {
        batch.push(take(text.slice(start, nl)));
        start = nl + 1;
        nl = text.indexOf('\n', start);
      }
      if (start < text.length) {
        const piece = start === 0 ? text : text.slice(start);
        pending += piece.length;
        // Refused while reading, before the pieces are joined into one string too large to hold.
        if (pending > maxLineChars) throw tooLong();
        pieces.push(piece);
      }
      // Only a kept piece holding one makes the line it ends in worth a look.
      if (mayBeReplaced) mayBeReplaced = pieces.some((p) => p.indexOf('\uFFFD') !== -1);
    }
    onBytes?.(read);
    if (batch.length) yield batch;
  }
  const rest = take('');
  if (rest !== '') yield [rest];
}

/** One line at a time from lines(), for readers that take lines one by one. */
export async function* eachLine(batches: AsyncIterable<readonly string[]>): AsyncIterable<string> {
  for await (const batch of batches) yield* batch;
}

/** Lines holding U+FFFD after decoding: how many, and the first. */
export interface ReplacedLines {
  count: number;
  first?: number;
}

/**
 * The lines of a whole decoded text holding U+FFFD: one indexOf per replaced character, so a
 * clean 200 MB document costs one native scan.
 */
export function replacedInText(text: string): ReplacedLines {
  const r: ReplacedLines = { count: 0 };
  let line = 1;
  let at = 0;
  let lastLine = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) {
    for (let nl = text.indexOf('\n', at); nl !== -1 && nl < i; nl = text.indexOf('\n', nl + 1)) line++;
    at = i;
    if (line !== lastLine) {
      r.count++;
      r.first ??= line;
      lastLine = line;
    }
  }
  return r;
}

/** What the non-fatal decoder replaced, as a reason (the caller names the file or entry and line). */
export function replacedReason(r: ReplacedLines): string {
  const more = r.count > 1 ? ` (and ${r.count - 1} more line${r.count > 2 ? 's' : ''})` : '';
  return `invalid UTF-8 replaced by U+FFFD${more}; the text there may be garbled`;
}

function replacedWarnings(file: string, r: ReplacedLines): ImportWarning[] {
  if (r.count === 0) return [];
  return [{ file, line: r.first, reason: replacedReason(r) }];
}

/** Decodes a whole document, recording the lines where invalid UTF-8 was replaced. */
function decodeWhole(bytes: Uint8Array, record: (r: ReplacedLines) => void): string {
  const text = new TextDecoder().decode(bytes);
  record(replacedInText(text));
  return text;
}

async function* oneChunk(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  // Yield in slices so progress and cancellation still work on an in-memory buffer.
  yield* slices(bytes);
}

function checkAbort(ctx: ImportContext): void {
  if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
}

/**
 * A Blob's chunks, hashed on the way when the import asks for the hash (ctx.onContentHash): each
 * chunk read is garbage outside the JS heap until a major collection, and the hash's own read of a
 * 1.2 GB file after the turn writes (when the worker allocates little, so none runs) piled up 1.1 GB.
 */
async function* fileChunks(blob: Blob, ctx: ImportContext): AsyncIterable<Uint8Array> {
  const onHash = ctx.onContentHash;
  if (!onHash) return yield* blobChunks(blob, undefined, ctx.sliceReaders);
  const hasher = new ContentHasher();
  let bytes = 0;
  for await (const chunk of blobChunks(blob, hasher, ctx.sliceReaders)) {
    bytes += chunk.byteLength;
    yield chunk;
  }
  // A File that changed size on disk meanwhile is not the file that will be hashed later.
  if (bytes === blob.size) onHash(hasher.digest());
}

/**
 * The file's text, decoded here (a reader worker only reads and hashes the bytes). Up to
 * heapDecodeMinBytes by TextDecoder in pieces cut at line ends (utf8-boundary.ts): each piece is a
 * flat string that dies once its lines are parsed. From there on into heap strings: TextDecoder's
 * strings stay until a major collection, which kept the 1.2 GB import's peak ~0.4 GB higher.
 */
function fileTexts(blob: Blob, ctx: ImportContext): AsyncIterable<TextChunk> {
  const chunks = fileChunks(blob, ctx);
  return blob.size >= (ctx.heapDecodeMinBytes ?? Infinity)
    ? decodeChunks(chunks, new Utf8Decoder())
    : decodeInLinePieces(chunks);
}

async function readAll(blob: Blob, ctx: ImportContext): Promise<Uint8Array> {
  const out = new Uint8Array(blob.size);
  let at = 0;
  for await (const chunk of fileChunks(blob, ctx)) {
    checkAbort(ctx);
    // A Blob cannot grow, but a File on disk can change under us: never write past the end.
    out.set(chunk.subarray(0, out.byteLength - at), at);
    at = Math.min(out.byteLength, at + chunk.byteLength);
    ctx.onProgress?.(at, blob.size);
  }
  return at === out.byteLength ? out : out.subarray(0, at);
}

export function sourceFromBytes(name: string, bytes: Uint8Array, ctx: ImportContext = {}): ImportSource {
  let replaced: ReplacedLines = { count: 0 };
  return {
    name,
    size: bytes.byteLength,
    head: async () => new TextDecoder().decode(bytes.subarray(0, HEAD_BYTES)),
    text: async () => {
      checkAbort(ctx);
      return decodeWhole(bytes, (r) => (replaced = r));
    },
    bytes: async () => bytes,
    lines: () =>
      splitLines(
        oneChunk(bytes),
        (n) => {
          checkAbort(ctx);
          ctx.onProgress?.(n, bytes.byteLength);
        },
        name,
        ctx.limits?.lineChars,
        (replaced = { count: 0 }),
      ),
    decodeWarnings: () => replacedWarnings(name, replaced),
  };
}

export function sourceFromText(name: string, text: string, ctx: ImportContext = {}): ImportSource {
  return sourceFromBytes(name, new TextEncoder().encode(text), ctx);
}

/** A Blob or File: the browser's File and Node's `fs.openAsBlob` both stream without a whole copy. */
export function sourceFromBlob(name: string, blob: Blob, ctx: ImportContext = {}): ImportSource {
  let replaced: ReplacedLines = { count: 0 };
  return {
    name,
    size: blob.size,
    head: async () => new TextDecoder().decode(await blob.slice(0, HEAD_BYTES).arrayBuffer()),
    // Read in chunks into one buffer (not blob.text()) so a large document still shows progress
    // and can be cancelled while it loads; peak memory is the bytes plus the decoded string.
    text: async () => decodeWhole(await readAll(blob, ctx), (r) => (replaced = r)),
    bytes: async () => readAll(blob, ctx),
    lines: () =>
      splitTextLines(
        fileTexts(blob, ctx),
        (n) => {
          checkAbort(ctx);
          ctx.onProgress?.(n, blob.size);
        },
        name,
        ctx.limits?.lineChars,
        (replaced = { count: 0 }),
      ),
    decodeWarnings: () => replacedWarnings(name, replaced),
  };
}
