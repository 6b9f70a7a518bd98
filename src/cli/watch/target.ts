/** One session the watch follows: a session file, or a session folder of one event per file. */
import type { ImportContext, ImportResult } from '../../import/types';
import type { Reset } from './file-tail';

export type { Reset } from './file-tail';

export interface PollResult {
  /** The session is not there (yet, or any more). */
  missing: boolean;
  /** Any byte of it changed, a partial line too: the session is not quiet. */
  changed: boolean;
  /** It is read again from the start, and why. */
  reset?: Reset;
}

/** An import of what can be read now, or why there is none. */
export type Loaded =
  | { kind: 'imported'; result: ImportResult }
  /** The same as the last load's input: nothing to do. */
  | { kind: 'same' }
  /** Nothing readable yet (no complete line). */
  | { kind: 'nothing' };

export interface Target {
  /** The file or folder as the user named it or the folder walk found it. */
  readonly path: string;
  /** What fs.watch should watch: the file, or the session folder. */
  readonly watchPath: string;
  poll(): Promise<PollResult>;
  /**
   * Imports what can be read now, unless it is what the last load read. `quiet`: nothing changed
   * for the interval, so a file whose first line has no newline yet is read whole. Throws an
   * ImportError when it does not import (and answers 'same' until its input changes).
   */
  load(ctx: ImportContext, format: string | undefined, quiet: boolean): Promise<Loaded>;
}
