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

/** A slice's bytes, and the hash state after them when hashing. */
interface Read {
  buf: ArrayBuffer;
  hash?: HasherState;
}

type Answer = ({ id: number; error?: undefined } & Read) | { id: number; error: string };

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
  const answers = new Map<number, { resolve(a: Read): void; reject(e: Error): void }>();
  const failAll = (message: string) => {
    for (const w of answers.values()) w.reject(new Error(message));
    answers.clear();
  };
  const live = new Set<Reading>();
  const end = (r: Reading) => {
    r.worker.terminate();
    live.delete(r);
  };
  const newWorker = () => new Worker(new URL('./slice-reader.worker.ts', import.meta.url), { type: 'module' });
  /** The next reader, started half way through the current one's bytes so its start does not stall the parse. */
  let spare: Worker | undefined;
  const spawn = (ready: Promise<void>): Reading => {
    const worker = spare ?? newWorker();
    spare = undefined;
    const r: Reading = {
      worker,
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
      w.resolve(e.data);
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
  const ask = (blob: Blob, at: number, bytes: number): Promise<Read> => {
    if (handedOut >= REPLACE_AFTER) {
      const before = current;
      before.retired = true;
      if (before.waiting === 0) end(before);
      current = spawn(before.answered);
      handedOut = 0;
    }
    handedOut += bytes;
    // Only when this reader will be replaced: more of the file is left than it has still to read.
    if (!spare && handedOut >= REPLACE_AFTER / 2 && blob.size - (at + bytes) > REPLACE_AFTER - handedOut)
      spare = newWorker();
    const id = nextId++;
    const r = current;
    r.waiting++;
    const answer = new Promise<Read>((resolve, reject) => {
      answers.set(id, { resolve, reject });
      void r.ready.then(() => {
        // A new worker continues the hash where the one before stopped.
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
  };
  return {
    read: ask,
    release(buf) {
      if (buf.byteLength) current.worker.postMessage({ release: buf }, [buf]);
    },
    close() {
      spare?.terminate();
      spare = undefined;
      for (const r of [...live]) end(r);
      failAll('the file reader was closed');
    },
  };
}
