/**
 * The engine worker's SliceReader (src/import/blob-chunks.ts): slices of a large file read by a
 * worker of its own and transferred here. Each slice is handed back once used, so the engine
 * worker keeps nothing of it, and the reading worker is replaced every REPLACE_AFTER bytes (what
 * it keeps of its reads and of the slices handed back goes when it ends): in Chromium that memory
 * is otherwise freed only by a major collection (docs/architecture.md, "The 1,000,000-call run").
 */
import type { SliceReader } from '../import/blob-chunks';

type Answer = { id: number; buf: ArrayBuffer; error?: undefined } | { id: number; error: string };

const REPLACE_AFTER = 64 << 20;

interface Reading {
  worker: Worker;
  /** Reads asked of this worker and not answered yet. */
  waiting: number;
  retired: boolean;
}

export function openWorkerSliceReader(): SliceReader | undefined {
  if (typeof Worker === 'undefined') return undefined;
  const answers = new Map<number, { resolve(b: ArrayBuffer): void; reject(e: Error): void }>();
  const failAll = (message: string) => {
    for (const w of answers.values()) w.reject(new Error(message));
    answers.clear();
  };
  const live = new Set<Reading>();
  const end = (r: Reading) => {
    r.worker.terminate();
    live.delete(r);
  };
  const spawn = (): Reading => {
    const r: Reading = {
      worker: new Worker(new URL('./slice-reader.worker.ts', import.meta.url), { type: 'module' }),
      waiting: 0,
      retired: false,
    };
    r.worker.onmessage = (e: MessageEvent<Answer>) => {
      r.waiting--;
      if (r.retired && r.waiting === 0) end(r);
      const w = answers.get(e.data.id);
      if (!w) return;
      answers.delete(e.data.id);
      if (e.data.error !== undefined) w.reject(new Error(e.data.error));
      else w.resolve(e.data.buf);
    };
    r.worker.onerror = (e) => {
      e.preventDefault();
      failAll(e.message || 'the file reader stopped');
    };
    live.add(r);
    return r;
  };
  let current: Reading;
  try {
    current = spawn();
  } catch {
    return undefined; // no nested workers here: the caller reads the file itself
  }
  let handedOut = 0;
  let nextId = 0;
  return {
    read(blob, at, bytes) {
      if (handedOut >= REPLACE_AFTER) {
        current.retired = true;
        if (current.waiting === 0) end(current);
        current = spawn();
        handedOut = 0;
      }
      handedOut += bytes;
      const id = nextId++;
      current.waiting++;
      return new Promise<ArrayBuffer>((resolve, reject) => {
        answers.set(id, { resolve, reject });
        current.worker.postMessage({ id, blob, at, bytes });
      });
    },
    release(buf) {
      if (buf.byteLength) current.worker.postMessage({ release: buf }, [buf]);
    },
    close() {
      for (const r of [...live]) end(r);
      failAll('the file reader was closed');
    },
  };
}
