/**
 * Reading a Blob (a File in the browser, `fs.openAsBlob` in Node) in bounded chunks: for the
 * importers' sources and for the content hash.
 */

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
 * (docs/architecture.md, "The 1,000,000-call run"); slices read with FileReaderSync do not.
 */
export function* blobSlicesSync(blob: Blob, read: ReadSliceSync, sliceBytes: number = CHUNK): Iterable<Uint8Array> {
  for (let at = 0; at < blob.size; at += sliceBytes) {
    const bytes = new Uint8Array(read(blob.slice(at, at + sliceBytes)));
    if (bytes.byteLength === 0) return; // a File cut short on disk meanwhile
    yield bytes;
  }
}

export async function* blobChunks(blob: Blob): AsyncIterable<Uint8Array> {
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
