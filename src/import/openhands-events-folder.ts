/** OpenHands session folders: one event per file. (Stub: filled in by the OpenHands work.) */
import type { SessionFiles } from './session-files';
import { ImportError, type ImportContext, type ImportResult } from './types';

export async function parseOpenHandsEventFolder(session: SessionFiles, _ctx: ImportContext = {}): Promise<ImportResult> {
  throw new ImportError(session.name, 'OpenHands event folders are not supported yet');
}
