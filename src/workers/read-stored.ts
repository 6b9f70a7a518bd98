/**
 * A stored transcript read by id, once its import has written every turn (another worker or tab
 * may still be at it). A row its import left unfinished (the tab was closed) is deleted and the
 * read fails naming the file and the run: the page says why the run is gone.
 */
import type { Transcript } from '../model/transcript';
import type { LoopscopeDb, TranscriptMeta } from '../persistence/db';
import { deleteIfStillMarked, INTERRUPTED_IMPORT, interruptedMessage } from '../persistence/staged-import';
import { storingEnded } from '../persistence/store-lock';
import { loadTranscript } from '../persistence/transcripts';
import type { ImportWaits } from './import-waits';

/** `row` is the library row the caller has just read (undefined: none), so it is not read twice. */
export async function readStored(
  id: number,
  row: TranscriptMeta | undefined,
  database: LoopscopeDb,
  waits: ImportWaits,
): Promise<Transcript | undefined> {
  if (row?.storing) {
    // When this worker is the one writing, its writes must not wait for a replay of this.
    waits.releaseRun(id);
    await storingEnded(row.storing);
    if (await deleteIfStillMarked(id, row.storing, database)) {
      // Its writer is gone (the `interrupted` state of import-lifecycle.ts): so are its rows now.
      const e = new Error(interruptedMessage(row.fileName, row.title));
      // Comlink keeps the name: the page says why the run is gone rather than only that it is.
      e.name = INTERRUPTED_IMPORT;
      throw e;
    }
  }
  return row && loadTranscript(id, database);
}
