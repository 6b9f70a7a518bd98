/// <reference lib="webworker" />
/**
 * Reads slices of a Blob for the engine worker and hands each over (transferred, not copied).
 * Ended after each file (slice-reader.ts), so what Chromium keeps of each read goes with it.
 */
const reader = new FileReaderSync();

self.onmessage = (e: MessageEvent<{ id: number; blob: Blob; at: number; bytes: number; release?: ArrayBuffer }>) => {
  if (e.data.release) return; // a slice handed back: dropped with this worker
  const { id, blob, at, bytes } = e.data;
  try {
    const buf = reader.readAsArrayBuffer(blob.slice(at, at + bytes));
    self.postMessage({ id, buf }, [buf]);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
