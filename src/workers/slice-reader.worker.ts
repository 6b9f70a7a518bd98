/// <reference lib="webworker" />
/**
 * Reads slices of a Blob for the engine worker and hands each over (transferred, not copied),
 * hashing them on the way when asked (so the engine worker's thread only parses). Replaced every
 * so often and ended after each file (slice-reader.ts), so what Chromium keeps of each read goes with it.
 */
import { ContentHasher, type HasherState } from '../import/content-hasher';

/** What this worker keeps between reads: its reader, and the hash its slices continue (when asked). */
interface ReaderState {
  readonly reader: FileReaderSync;
  hasher?: ContentHasher;
}

interface Ask {
  id: number;
  blob: Blob;
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
    const { id, blob, at, bytes, hashFrom } = e.data;
    if (hashFrom) state.hasher = new ContentHasher(hashFrom);
    try {
      const buf = state.reader.readAsArrayBuffer(blob.slice(at, at + bytes));
      state.hasher?.update(new Uint8Array(buf));
      self.postMessage({ id, buf, hash: state.hasher?.state() }, [buf]);
    } catch (err) {
      self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}

self.onmessage = sliceReader();
