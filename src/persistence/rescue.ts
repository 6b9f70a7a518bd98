/**
 * When the library cannot be opened (a failed upgrade, a broken record), these read what still
 * can be read straight from IndexedDB, with no schema and no upgrade, and reset the database.
 */
import Dexie from 'dexie';
import { normalizeTranscript, type TranscriptDraft } from '../model/normalize';
import type { Transcript } from '../model/transcript';
import { writeLoopscopeJsonl } from '../import/write-loopscope-jsonl';

export const DB_NAME = 'loopscope';

interface RawBody {
  id?: unknown;
  transcript?: Partial<Transcript>;
}

interface RawChunk {
  id?: unknown;
  n?: unknown;
  turns?: unknown;
}

/** Every transcript that can still be read, as one Loopscope JSONL text (one meta line each). */
export async function rescueLibrary(name = DB_NAME): Promise<{ text: string; transcripts: number; skipped: number }> {
  // No version declared: Dexie opens the database as it is, without running an upgrade.
  const raw = new Dexie(name);
  await raw.open();
  try {
    const tables = raw.tables.map((t) => t.name);
    const bodies = tables.includes('bodies') ? ((await raw.table('bodies').toArray()) as RawBody[]) : [];
    const chunks = tables.includes('turnChunks') ? ((await raw.table('turnChunks').toArray()) as RawChunk[]) : [];
    const out: Transcript[] = [];
    let skipped = 0;
    for (const body of bodies) {
      try {
        const t = body.transcript ?? {};
        const turns = Array.isArray(t.turns) ? [...t.turns] : [];
        const own = chunks.filter((c) => c.id === body.id && Array.isArray(c.turns));
        own.sort((a, b) => Number(a.n) - Number(b.n));
        for (const c of own) turns.push(...(c.turns as Transcript['turns']));
        out.push(normalizeTranscript({ ...t, format: t.format ?? 'unknown', turns } as TranscriptDraft));
      } catch {
        skipped++;
      }
    }
    return { text: writeLoopscopeJsonl(out), transcripts: out.length, skipped };
  } finally {
    raw.close();
  }
}

/** Deletes the whole library; the next start seeds the samples again. */
export async function resetLibrary(name = DB_NAME): Promise<void> {
  await Dexie.delete(name);
}
