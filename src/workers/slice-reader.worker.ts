/// <reference lib="webworker" />
/**
 * Reads slices of a Blob for the engine worker and hands each over (transferred, not copied),
 * hashing them on the way when asked (so the engine worker's thread only decodes and parses).
 * Replaced every so often and ended after each file (slice-reader.ts), so what Chromium keeps of
 * each read goes with it.
 */
import { ContentHasher, type HasherState } from '../import/content-hasher';

/** What this worker keeps between reads: its reader, the Blob it reads and the hash its slices continue (when asked). */
interface ReaderState {
  readonly reader: FileReaderSync;
  blob?: Blob;
  hasher?: ContentHasher;
}

interface Ask {
  id: number;
  /** The Blob to read, on the first read of it (posting a Blob is not free). */
  blob?: Blob;
  at: number;
  bytes: number;
  /** On this worker's first read: the hash state its slices continue. */
  hashFrom?: HasherState;
  /** A slice handed back: dropped with this worker. */
  release?: ArrayBuffer;
}

/** The message handler of one reader worker, over its own state. */
function sliceReader(state: ReaderState = { reader: new FileReaderSync() }) {
  return (e: MessageEvent<Ask>) => {
    if (e.data.release) return;
    const { id, at, bytes, hashFrom } = e.data;
    if (e.data.blob) state.blob = e.data.blob;
    const blob = state.blob;
    try {
      if (!blob) throw new Error('no file to read');
      if (hashFrom) state.hasher = new ContentHasher(hashFrom);
      const buf = state.reader.readAsArrayBuffer(blob.slice(at, at + bytes));
      state.hasher?.update(new Uint8Array(buf));
      self.postMessage({ id, buf, hash: state.hasher?.state() }, [buf]);
    } catch (err) {
      self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}

self.onmessage = sliceReader();
