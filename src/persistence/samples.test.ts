import { describe, expect, it } from 'vitest';
import { createEngineWorker } from '../workers/engine-api';
import type { ImportOutcome } from '../workers/import-file';
import { LoopscopeDb } from './db';
import { missingSamples, SAMPLE_NAMES, seedSamplesOnce } from './samples';

describe('bundled samples', () => {
  it('are missing when no stored sample has their file name; an import of the same name does not count', () => {
    expect(SAMPLE_NAMES).toHaveLength(6);
    const stored = SAMPLE_NAMES.filter((n) => n !== 'same-error-forever.loop.jsonl').map((fileName) => ({
      fileName,
      sample: true,
    }));
    expect(missingSamples(stored)).toEqual(['same-error-forever.loop.jsonl']);
    expect(missingSamples([...stored, { fileName: 'same-error-forever.loop.jsonl' }])).toEqual([
      'same-error-forever.loop.jsonl',
    ]);
    expect(missingSamples([])).toEqual([...SAMPLE_NAMES].sort());
  });
});

describe('seeding the samples on a first start', () => {
  const { importFile } = createEngineWorker();
  let dbs = 0;
  const library = () => new LoopscopeDb(`samples-test-${++dbs}`);
  const importer = (database: LoopscopeDb) => (blob: Blob, name: string) =>
    importFile(blob, name, { sample: true }, undefined, undefined, undefined, { database });
  const storedSamples = async (database: LoopscopeDb) =>
    (await database.transcripts.toArray())
      .filter((m) => m.sample)
      .map((m) => m.fileName)
      .sort();

  it('stores each sample once, and never again after the user deletes one', async () => {
    const database = library();
    expect(await seedSamplesOnce(importer(database), database)).toBe(6);
    expect(await storedSamples(database)).toEqual([...SAMPLE_NAMES].sort());
    const first = (await database.transcripts.toArray())[0];
    await database.transcripts.delete(first.id!);
    expect(await seedSamplesOnce(importer(database), database)).toBe(0);
    expect(await storedSamples(database)).toHaveLength(5);
  });

  it('adds the rest at the next start when a page went away half way through', async () => {
    const database = library();
    let imported = 0;
    const goneAfterTwo = async (blob: Blob, name: string): Promise<ImportOutcome> => {
      if (imported === 2) throw new Error('the page was closed');
      imported++;
      return importer(database)(blob, name);
    };
    await expect(seedSamplesOnce(goneAfterTwo, database)).rejects.toThrow('the page was closed');
    expect(await storedSamples(database)).toHaveLength(2);
    expect(await seedSamplesOnce(importer(database), database)).toBe(4);
    expect(await storedSamples(database)).toEqual([...SAMPLE_NAMES].sort());
  });

  it('seeds once when two pages start together', async () => {
    const database = library();
    const counts = await Promise.all([
      seedSamplesOnce(importer(database), database),
      seedSamplesOnce(importer(database), database),
    ]);
    expect(counts).toEqual([6, 0]);
    expect(await storedSamples(database)).toEqual([...SAMPLE_NAMES].sort());
  });
});
