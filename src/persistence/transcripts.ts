import { callCount, formatWarning, type Transcript } from '../model/transcript';
import type { ImportResult } from '../import/types';
import { db, type LoopscopeDb, type TranscriptMeta } from './db';

/**
 * Stores every transcript of one imported file in one transaction: either all of them are kept
 * or none, and nothing already stored is touched.
 */
export async function saveImport(
  fileName: string,
  result: ImportResult,
  opts: { sample?: boolean } = {},
  database: LoopscopeDb = db,
): Promise<number[]> {
  const warnings = result.warnings.map(formatWarning);
  return database.transaction('rw', database.transcripts, database.bodies, async () => {
    const ids: number[] = [];
    for (const t of result.transcripts) {
      const meta: Omit<TranscriptMeta, 'id'> = {
        title: t.title,
        format: result.format,
        fileName,
        turns: t.turns.length,
        calls: callCount(t),
        importedAt: Date.now(),
        warnings,
        ...(opts.sample ? { sample: true } : {}),
      };
      const id = (await database.transcripts.add(meta as TranscriptMeta)) as number;
      await database.bodies.add({ id, transcript: t });
      ids.push(id);
    }
    return ids;
  });
}

export async function loadTranscript(id: number, database: LoopscopeDb = db): Promise<Transcript | undefined> {
  return (await database.bodies.get(id))?.transcript;
}

export async function deleteTranscript(id: number, database: LoopscopeDb = db): Promise<void> {
  await database.transaction('rw', database.transcripts, database.bodies, database.labels, async () => {
    await database.transcripts.delete(id);
    await database.bodies.delete(id);
    await database.labels.delete(id);
  });
}
