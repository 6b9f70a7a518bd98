/** Reading inputs for the CLI: files and folders become import sources; failures name the file. */
import { openAsBlob } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatWarning } from '../model/transcript';
import { importSource, ImportError, type ImportResult } from '../import/index';
import { sourceFromBlob } from '../import/source';

export interface Out {
  write(s: string): unknown;
}

/** A failure the CLI reports in one line and exits 2 for. */
export class UsageError extends Error {}

export interface LoadedFile {
  file: string;
  result: ImportResult;
}

async function listFiles(path: string): Promise<string[]> {
  const s = await stat(path).catch(() => {
    throw new UsageError(`${path}: no such file or folder`);
  });
  if (!s.isDirectory()) return [path];
  const out: string[] = [];
  for (const e of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const p = join(path, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/**
 * Imports every file named or found in a folder. A file named explicitly must import; inside a
 * folder, files that are not transcripts (licences, READMEs) are skipped with a note on stderr.
 */
export async function loadPaths(paths: string[], format: string | undefined, err: Out): Promise<LoadedFile[]> {
  const loaded: LoadedFile[] = [];
  for (const path of paths) {
    const isDir = (await stat(path).catch(() => null))?.isDirectory() ?? false;
    for (const file of await listFiles(path)) {
      try {
        const blob = await openAsBlob(file);
        const result = await importSource(sourceFromBlob(file, blob), {}, format);
        for (const w of result.warnings) err.write(`warning: ${formatWarning(w)}\n`);
        loaded.push({ file, result });
      } catch (e) {
        if (!(e instanceof ImportError)) throw e;
        if (!isDir) throw new UsageError(e.message);
        // Inside a folder a licence or README is expected: the summary line is enough.
        err.write(`skipped: ${e.message.split('\n')[0]}\n`);
      }
    }
  }
  if (loaded.length === 0) throw new UsageError(`no transcript found in ${paths.join(', ')}`);
  return loaded;
}

export async function readJsonFile(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`${file}: cannot read (${e.code ?? e.message})`);
  });
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}
