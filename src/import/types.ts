import type { ImportLimits } from '../model/limits';
import type { ImportWarning, Transcript } from '../model/transcript';
import type { SliceReaders } from './blob-chunks';

/** Bytes to import, readable whole or line by line (line formats never need the whole string). */
export interface ImportSource {
  name: string;
  size: number;
  /** The first bytes decoded as text, for sniffing. */
  head(): Promise<string>;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  /**
   * Lines without their terminator, in order, a batch at a time (a chunk read's lines: one async
   * step per batch, not per line); reports progress as bytes are consumed. eachLine() gives them one by one.
   */
  lines(): AsyncIterable<readonly string[]>;
  /**
   * Warnings from reading the source itself, added to the import's warnings: invalid UTF-8 in what
   * lines() or text() last read (a whole read replaces a partial one), and for a JSON Lines file
   * read as an array, numbers too large to hold, by line.
   */
  decodeWarnings?(): ImportWarning[];
}

export interface ImportContext {
  onProgress?: (bytesRead: number, total: number) => void;
  signal?: AbortSignal;
  /** Limits raised or lowered for this import (CLI flags); the rest default to src/model/limits.ts. */
  limits?: Partial<ImportLimits>;
  /**
   * Called with the file's content hash (content-hash.ts) when a read of a Blob source went
   * through the whole file: the worker's import then needs no second read of it to hash it.
   */
  onContentHash?: (hash: string) => void;
  /** Files from this size on are decoded into heap strings (source.ts; the engine worker sets it). */
  heapDecodeMinBytes?: number;
  /** How large blobs are read (blob-chunks.ts; the engine worker sets it): here when unset. */
  sliceReaders?: SliceReaders;
}

export interface ImportResult {
  /** Id of the importer used. */
  format: string;
  transcripts: Transcript[];
  warnings: ImportWarning[];
}

export interface Importer {
  id: string;
  label: string;
  /** True when the file name alone identifies the format. */
  matchesName(name: string): boolean;
  /** Null when the content fits this format, otherwise the reason it does not. */
  sniff(head: string, name: string): string | null;
  parse(src: ImportSource, ctx: ImportContext): Promise<ImportResult>;
}

/** A failure that stops an import: names the file, the line when known, and the reason. */
export class ImportError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly reason: string;
  constructor(file: string, reason: string, line?: number) {
    super(line === undefined ? `${file}: ${reason}` : `${file}:${line}: ${reason}`);
    this.name = 'ImportError';
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}
