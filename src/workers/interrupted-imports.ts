/**
 * The start-up sweep of imports left unfinished (their tab was closed or reloaded while storing).
 * Each row still marked `storing` whose lock no one holds is an import in a marked state whose
 * writer is gone: the sweep sends it `writerGone` through the import lifecycle and deletes the row
 * only where that move gives `interrupted`. The row work (reading the marks, deleting a row only
 * if still marked) is staged-import.ts's.
 */
import { db, type LoopscopeDb, type TranscriptMeta } from '../persistence/db';
import { deleteStillMarked, markedRows, type InterruptedImport } from '../persistence/staged-import';
import { liveStoringTokens } from '../persistence/store-lock';
import { markedRow, nextImportState, type ImportState } from './import-lifecycle';

/**
 * Where the start-up sweep takes a row found marked: `writerGone` when no live import holds its
 * token, nothing (undefined) while its writer is still at it.
 */
export function sweptState(
  row: Pick<TranscriptMeta, 'id' | 'fileName' | 'storing'>,
  live: ReadonlySet<string>,
): ImportState | undefined {
  if (row.storing === undefined || live.has(row.storing)) return undefined;
  return nextImportState(markedRow(row.fileName, row.id), { type: 'writerGone' });
}

/**
 * Deletes every row the sweep finds `interrupted` (imports of other tabs hold their lock and are
 * left alone), and says which, for the page's banner.
 */
export async function deleteInterruptedImports(database: LoopscopeDb = db): Promise<InterruptedImport[]> {
  const marked = await markedRows(database);
  if (marked.length === 0) return [];
  const live = await liveStoringTokens();
  const interrupted = marked.filter((m) => sweptState(m, live)?.kind === 'interrupted');
  const gone = await deleteStillMarked(interrupted, database);
  return gone.map((m) => ({ id: m.id, fileName: m.fileName, title: m.title }));
}
