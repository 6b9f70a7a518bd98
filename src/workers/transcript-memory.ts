/**
 * Transcripts the triage read, kept in the worker's memory so that a threshold changed (a config
 * never computed) replays them again without reading their turns back from IndexedDB (most of a
 * cold pass). Least recently used first out, bounded by an estimate of their size in characters.
 */
import { Lru } from '../model/lru';
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
  private readonly entries: Lru<number, Entry>;

  constructor(maxChars: number = TRIAGE_MEMORY_CHARS) {
    this.entries = new Lru(maxChars, (e) => e.chars);
  }

  /** Characters held (the estimate). */
  get chars(): number {
    return this.entries.weight;
  }

  /** Characters still free under the bound. */
  get room(): number {
    return this.entries.capacity - this.entries.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: number, importedAt: number): boolean {
    return this.entries.peek(id)?.importedAt === importedAt;
  }

  /** The run, if held for this import of it (another import's copy is dropped). */
  get(id: number, importedAt: number): Transcript | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.importedAt !== importedAt) {
      this.entries.delete(id);
      return undefined;
    }
    return e.transcript;
  }

  /** Keeps the run, dropping the least recently used until under the bound (a run bigger than it is not kept). */
  set(id: number, importedAt: number, transcript: Transcript, chars = transcriptChars(transcript)): void {
    this.entries.set(id, { importedAt, transcript, chars });
  }

  delete(id: number): void {
    this.entries.delete(id);
  }

  /** Drops every run not in `ids` (runs deleted from the library). */
  keepOnly(ids: ReadonlySet<number>): void {
    for (const id of this.entries.keys()) if (!ids.has(id)) this.delete(id);
  }

  /** The runs held, least recently used first. */
  ids(): number[] {
    return this.entries.keys();
  }

  clear(): void {
    this.entries.clear();
  }
}
