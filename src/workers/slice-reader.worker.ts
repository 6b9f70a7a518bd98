/// <reference lib="webworker" />
/**
 * Reads slices of a Blob for the engine worker and hands each over (transferred, not copied),
 * hashing them on the way when asked (so the engine worker's thread only parses). Replaced every
 * so often and ended after each file (slice-reader.ts), so what Chromium keeps of each read goes with it.
 */
import { ContentHasher, type HasherState } from '../import/content-hasher';

const reader = new FileReaderSync();
let hasher: ContentHasher | undefined;

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

self.onmessage = (e: MessageEvent<Ask>) => {
  if (e.data.release) return;
  const { id, blob, at, bytes, hashFrom } = e.data;
  if (hashFrom) hasher = new ContentHasher(hashFrom);
  try {
    const buf = reader.readAsArrayBuffer(blob.slice(at, at + bytes));
    hasher?.update(new Uint8Array(buf));
    self.postMessage({ id, buf, hash: hasher?.state() }, [buf]);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
