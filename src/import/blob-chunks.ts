/**
 * Reading a Blob (a File in the browser, `fs.openAsBlob` in Node) in bounded chunks: for the
 * importers' sources and for the content hash.
 */
import type { ContentHasher, HasherState } from './content-hasher';
import { decodeLinePieces, newSliceDecoding } from './utf8-boundary';

/** Progress and cancellation happen between chunks, so no chunk is larger than this. */
export const CHUNK = 1 << 20;

export function* slices(bytes: Uint8Array): Iterable<Uint8Array> {
  for (let i = 0; i < bytes.byteLength; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

/** Reads a slice of a Blob at once: a worker's FileReaderSync. */
export type ReadSliceSync = (slice: Blob) => ArrayBuffer;

/** FileReaderSync where there is one (a Web Worker), else undefined (the page, Node). */
function syncSliceReader(): ReadSliceSync | undefined {
  const Reader = (globalThis as { FileReaderSync?: new () => { readAsArrayBuffer(b: Blob): ArrayBuffer } })
    .FileReaderSync;
  if (!Reader) return undefined;
  const reader = new Reader();
  return (slice) => reader.readAsArrayBuffer(slice);
}

/**
 * A Blob read slice by slice, each a fresh buffer the decoder lets go of at once. In Chromium's
 * worker, `blob.stream()` on a 1.2 GB file kept ~1 GB outside the JS heap while the file was parsed
 * (docs/decisions/2026-11-26-file-read-in-slices.md); slices read with FileReaderSync kept less.
 */
export function* blobSlicesSync(blob: Blob, read: ReadSliceSync, sliceBytes: number = CHUNK): Iterable<Uint8Array> {
  for (let at = 0; at < blob.size; at += sliceBytes) {
    const bytes = new Uint8Array(read(blob.slice(at, at + sliceBytes)));
    if (bytes.byteLength === 0) return; // a File cut short on disk meanwhile
    yield bytes;
  }
}

/**
 * Reads slices of one Blob elsewhere (a worker of its own): `read` answers a slice's bytes (and,
 * when the reader was opened with a hash state, the state after them: the hash is computed there,
 * beside the parse), `close` lets the reader go. Made by the engine worker (SliceReaders); none
 * in the page or Node.
 */
export interface SliceReader {
  read(blob: Blob, at: number, bytes: number): Promise<{ buf: ArrayBuffer; hash?: HasherState }>;
  /** Hands a read slice back once used: detached here, so this worker holds nothing of it. */
  release(buf: ArrayBuffer): void;
  close(): void;
}

/**
 * How a worker reads large blobs (the engine worker's ENGINE_WORKER_READING): from `minBytes` on,
 * through readers made by `open`. Chromium keeps what each FileReaderSync read leaves behind until
 * the reading worker's next major collection, which the engine worker, its heap growing with the
 * parsed turns, runs seldom: in a worker of its own, that garbage stays small
 * (docs/decisions/2026-11-26-slice-reader-worker-and-heap-decoding.md).
 */
export interface SliceReaders {
  open: (hashFrom?: HasherState) => SliceReader | undefined;
  minBytes: number;
}

/** Below this a worker's start (tens of ms) costs more than the memory it saves; a folder has many small files. */
export const READER_WORKER_MIN_BYTES = 32 << 20;

/**
 * Slices asked ahead of the one being used, so the reader works while the caller parses (a third
 * raised the 1.2 GB import's renderer peak from ~1.3 to ~1.5 GB).
 */
const BYTES_AHEAD = 2;

/** Answers to `ask` for each slice of `size` bytes, in order, BYTES_AHEAD asked before they are used. */
async function* readAhead<A>(
  size: number,
  ask: (at: number, bytes: number) => Promise<A>,
  sliceBytes: number,
): AsyncIterable<A> {
  const pending: Promise<A>[] = [];
  let next = 0;
  const request = () => {
    pending.push(ask(next, sliceBytes));
    next += sliceBytes;
  };
  try {
    while (next < size && pending.length < BYTES_AHEAD) request();
    while (pending.length) {
      const answer = await pending.shift()!;
      if (next < size) request();
      yield answer;
    }
  } finally {
    // Reads still in flight when the caller stopped early settle into nothing.
    for (const p of pending) p.catch(() => undefined);
  }
}

export async function* blobSlicesAsync(
  blob: Blob,
  reader: SliceReader,
  sliceBytes: number = CHUNK,
  hasher?: ContentHasher,
): AsyncIterable<Uint8Array> {
  try {
    for await (const answer of readAhead(blob.size, (at, n) => reader.read(blob, at, n), sliceBytes)) {
      const bytes = new Uint8Array(answer.buf);
      if (bytes.byteLength === 0) return; // a File cut short on disk meanwhile
      if (answer.hash) hasher?.setState(answer.hash);
      else hasher?.update(bytes);
      yield bytes;
      reader.release(bytes.buffer as ArrayBuffer);
    }
  } finally {
    reader.close();
  }
}

/** Decoded text and how many of the file's bytes it came from (for progress). */
export interface TextChunk {
  /** The text, in pieces to be read one after the other. */
  texts: readonly string[];
  bytes: number;
}

/** A reader of its own for a large blob, else undefined (read here). */
function readerFor(blob: Blob, hasher?: ContentHasher, readers?: SliceReaders): SliceReader | undefined {
  return readers && blob.size >= readers.minBytes ? readers.open(hasher?.state()) : undefined;
}

/**
 * What `elsewhere` yields, or (when it never answered: its worker could not start, a policy, an
 * old browser) what `here` yields instead. An unreadable file fails here too, with the browser's
 * own reason.
 */
async function* elsewhereOrHere<T>(
  elsewhere: AsyncIterable<T> | undefined,
  here: () => AsyncIterable<T>,
): AsyncIterable<T> {
  if (elsewhere) {
    let started = false;
    try {
      for await (const x of elsewhere) {
        started = true;
        yield x;
      }
      return;
    } catch (e) {
      if (started) throw e;
    }
  }
  yield* here();
}

/**
 * A Blob's bytes in chunks of at most CHUNK bytes; a chunk is the caller's until it asks for the
 * next. With `hasher`, the bytes are hashed on the way (continuing its state): once every chunk
 * has been read, it holds the hash of them. With `readers`, a large blob is read by one of them.
 */
export function blobChunks(blob: Blob, hasher?: ContentHasher, readers?: SliceReaders): AsyncIterable<Uint8Array> {
  const reader = readerFor(blob, hasher, readers);
  return elsewhereOrHere(reader && blobSlicesAsync(blob, reader, CHUNK, hasher), () => hashedHere(blob, hasher));
}

/** What decodes chunks of bytes as a stream: TextDecoder or Utf8Decoder. */
export interface StreamDecoder {
  decode(input?: Uint8Array, opts?: { stream?: boolean }): string;
}

/** Chunks of bytes decoded in order, with the bytes each came from. */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  decoder: StreamDecoder,
): AsyncIterable<TextChunk> {
  for await (const chunk of chunks) yield { texts: [decoder.decode(chunk, { stream: true })], bytes: chunk.byteLength };
  const end = decoder.decode();
  if (end !== '') yield { texts: [end], bytes: 0 };
}

/**
 * Chunks of bytes decoded by TextDecoder in pieces that end at a line end (decodeLinePieces): a
 * piece is a flat string, dead once its lines are parsed, where a streaming decode of a chunk
 * makes one long string whose lines are slices of it.
 */
export async function* decodeInLinePieces(chunks: AsyncIterable<Uint8Array>): AsyncIterable<TextChunk> {
  const state = newSliceDecoding();
  let fileStart = true;
  for await (const chunk of chunks) {
    yield { texts: decodeLinePieces(state, chunk, false, fileStart), bytes: chunk.byteLength };
    fileStart = false;
  }
  const end = decodeLinePieces(state, new Uint8Array(0), true, fileStart);
  if (end.length) yield { texts: end, bytes: 0 };
}

async function* hashedHere(blob: Blob, hasher?: ContentHasher): AsyncIterable<Uint8Array> {
  for await (const chunk of localChunks(blob)) {
    hasher?.update(chunk);
    yield chunk;
  }
}

async function* localChunks(blob: Blob): AsyncIterable<Uint8Array> {
  const readSync = syncSliceReader();
  if (readSync) {
    yield* blobSlicesSync(blob, readSync);
    return;
  }
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      // Node hands an in-memory Blob over in one piece, browsers in small ones: re-slice.
      yield* slices(value);
    }
  } finally {
    // A reader that stopped early (sniffing, a cancelled import) lets go of the file.
    reader.cancel().catch(() => undefined);
  }
}
