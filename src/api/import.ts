/**
 * `loopscope/import`: the importers for Node. `importFile(path)` reads any format the CLI reads
 * (a file, an OpenHands events folder, a Cline task folder) into Loopscope's transcript model.
 */
import { loadPaths } from '../cli/io';
import type { ImportContext } from '../import/types';
import type { ImportWarning, Transcript } from '../model/transcript';

export type { Transcript, Turn, ToolCall, ToolResult, ImportWarning } from '../model/transcript';

export interface ImportedFile {
  /** The file, or the session folder, the transcripts came from. */
  file: string;
  /** The format id (`loopscope formats`). */
  format: string;
  transcripts: Transcript[];
  warnings: ImportWarning[];
}

/** Imports a file or folder; `format` skips detection. Throws with the file and reason when it cannot. */
export async function importFile(
  path: string,
  options: { format?: string; limits?: ImportContext['limits'] } = {},
): Promise<ImportedFile[]> {
  const notes: string[] = [];
  const loaded = await loadPaths(
    [path],
    options.format,
    { write: (s: string) => notes.push(s) },
    {
      limits: options.limits,
    },
  );
  return loaded.map(({ file, result }) => ({
    file,
    format: result.format,
    transcripts: result.transcripts,
    warnings: result.warnings,
  }));
}
