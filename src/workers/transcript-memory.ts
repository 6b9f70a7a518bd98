/**
 * Transcripts the triage read, kept in the worker's memory so that a threshold changed (a config
 * never computed) replays them again without reading their turns back from IndexedDB (most of a
 * cold pass). Least recently used first out, bounded by an estimate of their size in characters.
 */
import type { Transcript } from '../model/transcript';
import { approxChars } from '../persistence/chunking';

/**
 * The bound, in characters of the transcripts' strings (plus a little per object). Triage runs in
 * the engine worker, the one that also holds the open run (up to 1,000,000 calls, several hundred
 * MB of heap): 150 M characters (~150-250 MB of heap: V8 keeps ASCII strings at a byte a
 * character, and the objects around them) keeps about half of a 358 MB, 1,000-run library and
 * leaves room for that run. A worker of its own could take ~300 M.
 */
export const TRIAGE_MEMORY_CHARS = 150_000_000;

/** What an object or array costs beyond its strings, in characters (a rough V8 figure). */
const OBJECT_CHARS = 16;

/** An estimate of a transcript's size: its strings' lengths and a little per object. */
export function transcriptChars(t: Transcript): number {
  let n = t.title.length + OBJECT_CHARS;
  for (const turn of t.turns) {
    n += OBJECT_CHARS + turn.text.length;
    for (const m of turn.before ?? []) n += OBJECT_CHARS + m.text.length;
    for (const c of turn.calls) {
      n += 2 * OBJECT_CHARS + c.name.length + approxChars(c.args) + (c.id?.length ?? 0);
      if (c.result) n += OBJECT_CHARS + c.result.content.length;
    }
  }
  // Arguments and judge lines are free-form JSON: sized as storing sizes them (chunking.ts).
  for (const j of t.judge) n += approxChars(j);
  return n;
}

interface Entry {
  importedAt: number;
  transcript: Transcript;
  chars: number;
}

/** Transcripts by run id, for one import of each (its import time), LRU within `maxChars`. */
export class TranscriptMemory {
  private entries = new Map<number, Entry>();
  private total = 0;

  constructor(private readonly maxChars: number = TRIAGE_MEMORY_CHARS) {}

  /** Characters held (the estimate). */
  get chars(): number {
    return this.total;
  }

  /** Characters still free under the bound. */
  get room(): number {
    return this.maxChars - this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: number, importedAt: number): boolean {
    return this.entries.get(id)?.importedAt === importedAt;
  }

  /** The run, if held for this import of it (another import's copy is dropped). */
  get(id: number, importedAt: number): Transcript | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    this.entries.delete(id);
    if (e.importedAt !== importedAt) {
      this.total -= e.chars;
      return undefined;
    }
    this.entries.set(id, e); // the most recently used last
    return e.transcript;
  }

  /** Keeps the run, dropping the least recently used until under the bound (a run bigger than it is not kept). */
  set(id: number, importedAt: number, transcript: Transcript, chars = transcriptChars(transcript)): void {
    this.delete(id);
    if (chars > this.maxChars) return;
    this.entries.set(id, { importedAt, transcript, chars });
    this.total += chars;
    for (const [oldest, e] of this.entries) {
      if (this.total <= this.maxChars) break;
      this.entries.delete(oldest);
      this.total -= e.chars;
    }
  }

  delete(id: number): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    this.total -= e.chars;
  }

  /** Drops every run not in `ids` (runs deleted from the library). */
  keepOnly(ids: ReadonlySet<number>): void {
    for (const id of [...this.entries.keys()]) if (!ids.has(id)) this.delete(id);
  }

  /** The runs held, least recently used first. */
  ids(): number[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
