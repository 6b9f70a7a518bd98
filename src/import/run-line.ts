/**
 * A run's line object as the Loopscope JSONL reader takes it, for callers that hand over objects
 * rather than a file (the package's API and live monitor, the exported standalone module): a
 * missing `type` means an assistant turn; `meta` and `label` lines carry nothing a detector reads
 * (and a `meta` would start a second transcript), so they are skipped.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { LoopscopeReader } from './loopscope-reader';

const SKIPPED = new Set(['meta', 'label']);

/** The object to give the reader, or undefined for a line to skip. Anything else is passed on for the reader to reject. */
export function runLineObject(o: unknown): unknown {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
  const type = (o as { type?: unknown }).type;
  if (typeof type === 'string' && SKIPPED.has(type)) return undefined;
  return type === undefined ? { ...o, type: 'assistant' } : o;
}

/** A run's line objects read as one file's lines would be: the transcript (if any line made a turn) and the reader's warnings. */
export function readRunLines(items: readonly unknown[]): {
  transcript: Transcript | undefined;
  warnings: ImportWarning[];
} {
  const reader = new LoopscopeReader('turns');
  items.forEach((o, i) => {
    const line = runLineObject(o);
    if (line !== undefined) reader.add(line, i + 1);
  });
  reader.finish();
  return { transcript: reader.done[0], warnings: reader.warnings };
}
