/**
 * The worker's question when an import's bytes are already in the library (stored, or still
 * storing: src/persistence/hash-index.ts): the page answers skip, replace or keep both.
 */
import type { LoopscopeDb } from '../persistence/db';
import { findByContentHash } from '../persistence/hash-index';
import type { SaveOptions } from '../persistence/transcripts';

/** Transcripts already stored from a file with the same bytes. */
export interface DuplicateInfo {
  file: string;
  existing: { id: number; title: string; fileName: string }[];
  /** Asked within a folder import: the answer holds for every later file of it. */
  folder?: boolean;
}

/** What to do with a file already in the library: replace the stored copy, keep both, or skip it. */
export type DuplicateChoice = 'replace' | 'keep' | 'skip';

/** Asked when the file is already in the library; without one, both copies are kept. */
export type AskDuplicate = (info: DuplicateInfo) => DuplicateChoice | Promise<DuplicateChoice>;

/**
 * When the bytes of `contentHash` (a file, or a session folder's files in order) are already
 * stored or still storing, asks what to do; the answer becomes the store's options. Replace of a
 * copy still storing deletes it as a stored one: its import's writes stop (staged-import.ts).
 * The caller holds the hash's lock (store-lock.ts `holdWhileChecking`) until its rows are added.
 */
export async function duplicateCheck(
  contentHash: string,
  name: string,
  ask: AskDuplicate | undefined,
  database: LoopscopeDb,
): Promise<SaveOptions | 'skip'> {
  if (!ask) return { contentHash };
  const existing = await findByContentHash(contentHash, database);
  if (existing.length === 0) return { contentHash };
  const choice = await ask({ file: name, existing });
  if (choice === 'skip') return 'skip';
  return choice === 'replace' ? { contentHash, replace: existing.map((e) => e.id) } : { contentHash };
}
