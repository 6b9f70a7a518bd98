/**
 * A run's line object as the Loopscope JSONL reader takes it, for callers that hand over objects
 * rather than a file (the package's API and live monitor, the exported standalone module): a
 * missing `type` means an assistant turn; `meta` and `label` lines carry nothing a detector reads
 * (and a `meta` would start a second transcript), so they are skipped.
 */
const SKIPPED = new Set(['meta', 'label']);

/** The object to give the reader, or undefined for a line to skip. Anything else is passed on for the reader to reject. */
export function runLineObject(o: unknown): unknown {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
  const type = (o as { type?: unknown }).type;
  if (typeof type === 'string' && SKIPPED.has(type)) return undefined;
  return type === undefined ? { ...o, type: 'assistant' } : o;
}
