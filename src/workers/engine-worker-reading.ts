/**
 * How the engine worker reads large files (Chromium's memory: docs/architecture.md, "The
 * 1,000,000-call run"): through reader workers of their own from READER_WORKER_MIN_BYTES on, and
 * decoded into heap strings from HEAP_DECODE_MIN_BYTES on. Every import and hash in this worker
 * passes it; in Node (tests) there is no Worker, so files are read in place as before.
 */
import { READER_WORKER_MIN_BYTES } from '../import/blob-chunks';
import { HEAP_DECODE_MIN_BYTES } from '../import/source';
import type { ImportContext } from '../import/types';
import { openWorkerSliceReader } from './slice-reader';

export const ENGINE_WORKER_READING: Readonly<Required<Pick<ImportContext, 'sliceReaders' | 'heapDecodeMinBytes'>>> = {
  sliceReaders: { open: openWorkerSliceReader, minBytes: READER_WORKER_MIN_BYTES },
  heapDecodeMinBytes: HEAP_DECODE_MIN_BYTES,
};
