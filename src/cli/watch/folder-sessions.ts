/**
 * The sessions in a folder being written to, found as `detect` finds them (src/import/folder.ts:
 * an OpenHands `events/` folder or a Cline task folder is one session, every other file one
 * session file), and the newest of them. Files without a transcript extension are left out: in
 * an agent's folder they are not sessions.
 */
import { planImport, type ImportUnit } from '../../import/folder';
import { listFolder, type ListedFile } from '../io';

export interface FolderSession {
  unit: ImportUnit<ListedFile>;
  /** The latest modification time of its files. */
  mtimeMs: number;
}

function filesOf(unit: ImportUnit<ListedFile>): ListedFile[] {
  return unit.kind === 'file' ? [unit.file] : unit.files.map((f) => f.file);
}

/** Every session under `dir`, in path order. */
export async function folderSessions(dir: string): Promise<FolderSession[]> {
  const plan = planImport(await listFolder(dir, []));
  return plan.units
    .filter((u) => u.kind !== 'file' || !u.optional)
    .map((unit) => ({ unit, mtimeMs: Math.max(...filesOf(unit).map((f) => f.mtimeMs)) }));
}

/** The session written last; of two written at the same time, the later path (names hold dates). */
export function newestSession(sessions: readonly FolderSession[]): FolderSession | undefined {
  let best: FolderSession | undefined;
  for (const s of sessions) if (!best || s.mtimeMs >= best.mtimeMs) best = s;
  return best;
}
