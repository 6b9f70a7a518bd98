/// <reference lib="webworker" />
/**
 * Reads slices of a Blob for the engine worker and hands each over (transferred, not copied),
 * hashing them on the way when asked (so the engine worker's thread only parses). Asked for text,
 * it also decodes them: decoding is a sixth of an import's work, and a string posted to the engine
 * worker arrives as an ordinary heap string there. Replaced every so often and ended after each
 * file (slice-reader.ts), so what Chromium keeps of each read goes with it.
 */
import { ContentHasher, type HasherState } from '../import/content-hasher';
import { decodeLinePieces, newSliceDecoding, type SliceDecoding } from '../import/utf8-boundary';

/** What this worker keeps between reads: its reader, the Blob it reads, the hash its slices continue (when asked) and, decoding, the bytes of a character cut by the last slice. */
interface ReaderState {
  readonly reader: FileReaderSync;
  decoding: SliceDecoding;
  /** Settles when every text read asked so far is answered (they are answered in order). */
  done: Promise<void>;
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
  /** Answer the slice decoded (after the bytes of the line the last one ended inside), not its bytes. */
  text?: boolean;
  /** The slice ends the file: decode what is carried whole. */
  last?: boolean;
  /** On this worker's first read: the bytes of the line the worker before it ended inside. */
  carryFrom?: Uint8Array;
  /** A slice handed back: dropped with this worker. */
  release?: ArrayBuffer;
}

/** The message handler of one reader worker, over its own state. */
function sliceReader(
  state: ReaderState = { reader: new FileReaderSync(), decoding: newSliceDecoding(), done: Promise.resolve() },
) {
  const fail = (id: number, err: unknown) =>
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  return (e: MessageEvent<Ask>) => {
    if (e.data.release) return;
    const { id, at, bytes, hashFrom } = e.data;
    if (e.data.blob) state.blob = e.data.blob;
    const blob = state.blob;
    if (!blob) return fail(id, new Error('no file to read'));
    if (!e.data.text) {
      try {
        if (hashFrom) state.hasher = new ContentHasher(hashFrom);
        const buf = state.reader.readAsArrayBuffer(blob.slice(at, at + bytes));
        state.hasher?.update(new Uint8Array(buf));
        self.postMessage({ id, buf, hash: state.hasher?.state() }, [buf]);
      } catch (err) {
        fail(id, err);
      }
      return;
    }
    // Text: the read starts now, while the slices asked before it are hashed and decoded (a
    // blocking read left this thread waiting on the file most of the time); they are answered in order.
    const reading = blob.slice(at, at + bytes).arrayBuffer();
    reading.catch(() => undefined);
    state.done = state.done.then(async () => {
      try {
        if (hashFrom) state.hasher = new ContentHasher(hashFrom);
        if (e.data.carryFrom) state.decoding = newSliceDecoding(e.data.carryFrom);
        const read = new Uint8Array(await reading);
        state.hasher?.update(read);
        const texts = decodeLinePieces(state.decoding, read, e.data.last === true, at === 0);
        self.postMessage({ id, texts, read: read.length, hash: state.hasher?.state(), carry: state.decoding.carry });
      } catch (err) {
        fail(id, err);
      }
    });
  };
}

self.onmessage = sliceReader();
