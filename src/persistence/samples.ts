/**
 * The bundled samples, written by src/samples/make-samples.ts. They are put into the library on
 * the very first start only (deleting them later is respected), through the same worker import
 * path as a dropped file: the worker parses and stores them, the page sends only the text.
 */
import type { ImportOutcome } from '../workers/import-file';
import { db, type LoopscopeDb, type TranscriptMeta } from './db';

const files = import.meta.glob('../samples/*.loop.jsonl', { query: '?raw', import: 'default' }) as Record<
  string,
  () => Promise<string>
>;

export const SAMPLE_NAMES = Object.keys(files).map((p) => p.split('/').pop()!);

export async function sampleText(name: string): Promise<string | undefined> {
  const key = Object.keys(files).find((p) => p.endsWith('/' + name));
  return key ? files[key]() : undefined;
}

/** Imports and stores one sample file marked as a sample (the worker's importFile). */
type ImportFn = (blob: Blob, name: string) => Promise<ImportOutcome>;

/** Adds the samples once; returns how many transcripts were stored. */
export async function seedSamplesOnce(importBlob: ImportFn): Promise<number> {
  const claimed = await db.transaction('rw', db.meta, async () => {
    if (await db.meta.get('samplesSeeded')) return false;
    await db.meta.put({ key: 'samplesSeeded', value: Date.now() });
    return true;
  });
  if (!claimed) return 0;
  let n = 0;
  try {
    for (const name of [...SAMPLE_NAMES].sort()) {
      const text = await sampleText(name);
      if (!text) continue;
      const outcome = await importBlob(new Blob([text]), name);
      if (outcome.ok) n += outcome.summary.ids.length;
    }
  } catch (e) {
    // Let the next start try again rather than leave the library without samples for good.
    if (n === 0) await db.meta.delete('samplesSeeded');
    throw e;
  }
  return n;
}

/** The bundled samples no longer in the library (a sample is known by its file name). */
export function missingSamples(stored: readonly Pick<TranscriptMeta, 'fileName' | 'sample'>[]): string[] {
  const have = new Set(stored.filter((m) => m.sample).map((m) => m.fileName));
  return SAMPLE_NAMES.filter((n) => !have.has(n)).sort();
}

/** Imports the deleted samples again; returns how many transcripts were stored. */
export async function restoreSamples(importBlob: ImportFn, database: LoopscopeDb = db): Promise<number> {
  let n = 0;
  for (const name of missingSamples(await database.transcripts.toArray())) {
    const text = await sampleText(name);
    if (!text) continue;
    const outcome = await importBlob(new Blob([text]), name);
    if (outcome.ok) n += outcome.summary.ids.length;
  }
  return n;
}
