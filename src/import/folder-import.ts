/**
 * Runs one unit of a folder plan (src/import/folder.ts): a file through the sniffer, or an
 * OpenHands events folder or a Cline task folder through its folder parser. Outcomes are data, so a caller can name a
 * bad file and go on with the next one.
 */
import { detectImporter, importSource } from './index';
import type { ImportUnit } from './folder';
import { parseClineTaskFolder } from './cline-task-folder';
import { parseOpenHandsEventFolder } from './openhands-events-folder';
import { ImportError, type ImportContext, type ImportResult, type ImportSource } from './types';

export type UnitOutcome =
  | { status: 'imported'; result: ImportResult }
  /** An optional file no importer takes: a one-line note, not a failure. */
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: ImportError };

/** The summary line of an import error (a "not recognised" message goes on with one line per format). */
export function firstLine(e: ImportError): string {
  return e.message.split('\n')[0];
}

/** Sources that report the running total of whole files read (read once each, in any order). */
function countingSources(
  srcs: ImportSource[],
  total: number,
  onProgress?: (read: number, total: number) => void,
): ImportSource[] {
  let read = 0;
  return srcs.map((src) => {
    let counted = false;
    const done = <T>(v: T): T => {
      if (!counted) {
        counted = true;
        read += src.size;
        onProgress?.(read, total);
      }
      return v;
    };
    return {
      name: src.name,
      size: src.size,
      head: () => src.head(),
      text: () => src.text().then(done),
      bytes: () => src.bytes().then(done),
      lines: async function* () {
        yield* src.lines();
        done(undefined);
      },
    };
  });
}

export async function importUnit(
  unit: ImportUnit<ImportSource>,
  ctx: ImportContext = {},
  formatId?: string,
): Promise<UnitOutcome> {
  try {
    if (unit.kind === 'cline-task') {
      const files = countingSources(
        unit.files.map((f) => f.file),
        unit.size,
        ctx.onProgress,
      );
      return { status: 'imported', result: await parseClineTaskFolder({ name: unit.path, files }, ctx) };
    }
    if (unit.kind === 'openhands-events') {
      // Progress of a session folder is the bytes of its files read so far, whatever the parser reports.
      const files = countingSources(
        unit.files.map((f) => f.file),
        unit.size,
        ctx.onProgress,
      );
      const result = await parseOpenHandsEventFolder({ name: unit.path, files }, { signal: ctx.signal });
      if (result.transcripts.length === 0)
        throw new ImportError(unit.path, 'no transcript found in this OpenHands events folder');
      return { status: 'imported', result };
    }
    if (unit.optional && !formatId) {
      try {
        await detectImporter(unit.file);
      } catch (e) {
        if (e instanceof ImportError) return { status: 'skipped', reason: e.reason.split('\n')[0] };
        throw e;
      }
    }
    return { status: 'imported', result: await importSource(unit.file, ctx, formatId) };
  } catch (e) {
    if (e instanceof ImportError) return { status: 'failed', error: e };
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    // A bug in an importer: still name the file rather than show a stack trace.
    return { status: 'failed', error: new ImportError(unit.path, `could not be read: ${(e as Error).message ?? e}`) };
  }
}
