/**
 * The bundled samples, written by src/samples/make-samples.ts. They are put into the library on
 * the very first start only (deleting them later is respected), through the same worker import
 * path as a dropped file: the worker parses and stores them, the page sends only the text.
 */
import type { ImportOutcome } from '../workers/import-file';
import { db, type LoopscopeDb, type TranscriptMeta } from './db';
import { holdWhileSeeding, liveStoringTokens } from './store-lock';

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

/**
 * Adds the samples on a library's first start; returns how many transcripts were stored. The
 * library counts as seeded only once every sample has been tried: a page closed midway leaves the
 * rest to the next start. Deleting a sample after that is respected (restoreSamples brings it back).
 */
export async function seedSamplesOnce(importBlob: ImportFn, database: LoopscopeDb = db): Promise<number> {
  return holdWhileSeeding(async () => {
    if (await database.meta.get('samplesSeeded')) return 0;
    // A sample whose storing was cut short is swept away at start-up: it counts as missing.
    const live = await liveStoringTokens();
    const kept = (await database.transcripts.toArray()).filter((m) => m.storing === undefined || live.has(m.storing));
    const n = await importSamples(importBlob, missingSamples(kept));
    await database.meta.put({ key: 'samplesSeeded', value: Date.now() });
    return n;
  });
}

/** The bundled samples no longer in the library (a sample is known by its file name). */
export function missingSamples(stored: readonly Pick<TranscriptMeta, 'fileName' | 'sample'>[]): string[] {
  const have = new Set(stored.filter((m) => m.sample).map((m) => m.fileName));
  return SAMPLE_NAMES.filter((n) => !have.has(n)).sort();
}

/** Imports the deleted samples again; returns how many transcripts were stored. */
export async function restoreSamples(importBlob: ImportFn, database: LoopscopeDb = db): Promise<number> {
  return importSamples(importBlob, missingSamples(await database.transcripts.toArray()));
}

/** Imports the named samples, one after the other; returns how many transcripts were stored. */
async function importSamples(importBlob: ImportFn, names: readonly string[]): Promise<number> {
  let n = 0;
  for (const name of names) {
    const text = await sampleText(name);
    if (!text) continue;
    const outcome = await importBlob(new Blob([text]), name);
    if (outcome.ok) n += outcome.summary.ids.length;
  }
  return n;
}
