/**
 * The engine worker's SliceReader (src/import/blob-chunks.ts): slices of a large file read (and
 * hashed) by a worker of its own and transferred here. Each slice is handed back once used, so
 * the engine worker keeps nothing of it, and the reading worker is replaced every REPLACE_AFTER
 * bytes (what it keeps of its reads and of the slices handed back goes when it ends): in Chromium
 * that memory is otherwise freed only by a major collection
 * (docs/decisions/2026-11-26-slice-reader-worker-and-heap-decoding.md). A new worker starts once
 * the one before has answered, from its hash state.
 */
import type { SliceReader } from '../import/blob-chunks';
import type { HasherState } from '../import/content-hasher';

type Answer = { id: number; buf: ArrayBuffer; hash?: HasherState; error?: undefined } | { id: number; error: string };

const REPLACE_AFTER = 64 << 20;

interface Reading {
  worker: Worker;
  /** Reads asked of this worker and not answered yet. */
  waiting: number;
  retired: boolean;
  /** Settles when every read asked of it so far is answered. */
  answered: Promise<void>;
  /** Requests wait for this: the worker before it has answered all of its reads. */
  ready: Promise<void>;
  /** This worker's first request carries the hash state to continue (undefined: not hashing). */
  first: boolean;
  /** The Blob this worker was given: sent once, since posting a Blob costs about a millisecond each time. */
  blob?: Blob;
}

export function openWorkerSliceReader(hashFrom?: HasherState): SliceReader | undefined {
  if (typeof Worker === 'undefined') return undefined;
  const hashing = hashFrom !== undefined;
  let hashState = hashFrom;
  const answers = new Map<
    number,
    { resolve(a: { buf: ArrayBuffer; hash?: HasherState }): void; reject(e: Error): void }
  >();
  const failAll = (message: string) => {
    for (const w of answers.values()) w.reject(new Error(message));
    answers.clear();
  };
  const live = new Set<Reading>();
  const end = (r: Reading) => {
    r.worker.terminate();
    live.delete(r);
  };
  const spawn = (ready: Promise<void>): Reading => {
    const r: Reading = {
      worker: new Worker(new URL('./slice-reader.worker.ts', import.meta.url), { type: 'module' }),
      waiting: 0,
      retired: false,
      answered: ready,
      ready,
      first: true,
    };
    r.worker.onmessage = (e: MessageEvent<Answer>) => {
      r.waiting--;
      if (r.retired && r.waiting === 0) end(r);
      const w = answers.get(e.data.id);
      if (!w) return;
      answers.delete(e.data.id);
      if (e.data.error !== undefined) return w.reject(new Error(e.data.error));
      if (e.data.hash) hashState = e.data.hash;
      w.resolve({ buf: e.data.buf, hash: e.data.hash });
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
    current = spawn(Promise.resolve());
  } catch {
    return undefined; // no nested workers here: the caller reads the file itself
  }
  let handedOut = 0;
  let nextId = 0;
  return {
    read(blob, at, bytes) {
      if (handedOut >= REPLACE_AFTER) {
        const before = current;
        before.retired = true;
        if (before.waiting === 0) end(before);
        current = spawn(before.answered);
        handedOut = 0;
      }
      handedOut += bytes;
      const id = nextId++;
      const r = current;
      r.waiting++;
      const answer = new Promise<{ buf: ArrayBuffer; hash?: HasherState }>((resolve, reject) => {
        answers.set(id, { resolve, reject });
        void r.ready.then(() => {
          const carry = r.first && hashing ? { hashFrom: hashState } : {};
          r.first = false;
          const given = r.blob === blob ? {} : { blob };
          r.blob = blob;
          r.worker.postMessage({ id, at, bytes, ...given, ...carry });
        });
      });
      r.answered = answer.then(
        () => undefined,
        () => undefined,
      );
      return answer;
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
