/**
 * Finds the run a share link names in this library: the rows stored from the same file bytes
 * (hash-index.ts, read once), then which of the file's transcripts. Its local number does not matter.
 */
import { db, type LoopscopeDb, type TranscriptMeta } from './db';
import { rowsByContentHash } from './hash-index';
import { linkTitle, type RunRef } from './share-link-target';

export type RunCandidate = Pick<TranscriptMeta, 'id' | 'title' | 'positionInFile'>;

/**
 * The run among the copies of the link's file: the one at the link's position with its title,
 * else the one at its position (an importer that now titles it otherwise), else, for rows stored
 * before positions were kept, the one with its title. The oldest copy when several fit (the same
 * file imported twice). Null when none fits.
 */
export function pickLinkedRun(copies: readonly RunCandidate[], run: Omit<RunRef, 'hash'>): number | null {
  const atPosition = (c: RunCandidate) => run.position !== undefined && c.positionInFile === run.position;
  const titled = (c: RunCandidate) => run.title !== '' && linkTitle(c.title) === run.title;
  const unplaced = (c: RunCandidate) => c.positionInFile === undefined || run.position === undefined;
  const passes = [
    (c: RunCandidate) => atPosition(c) && titled(c),
    atPosition,
    (c: RunCandidate) => unplaced(c) && titled(c),
  ];
  for (const fits of passes) {
    const ids = copies.filter(fits).map((c) => c.id);
    if (ids.length) return Math.min(...ids);
  }
  return null;
}

/** The local id of the run a link names, or null when this library does not hold it. */
export async function findLinkedRun(run: RunRef, database: LoopscopeDb = db): Promise<number | null> {
  return pickLinkedRun(await rowsByContentHash(run.hash, database), run);
}
