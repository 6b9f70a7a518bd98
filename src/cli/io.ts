/** Reading inputs for the CLI: files and folders become import sources; failures name the file. */
import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { formatWarning } from '../model/transcript';
import { importSource, ImportError, type ImportResult } from '../import/index';
import {
  planImport,
  skipReason,
  walksInto,
  type FolderEntry,
  type ImportUnit,
  type SkippedFile,
} from '../import/folder';
import { importUnit } from '../import/folder-import';
import { sourceFromBlob } from '../import/source';
import { type SecondsRange } from '../model/limits';
import { terminalLine } from '../export/escape/terminal';
import type { ImportContext, ImportSource } from '../import/types';

export interface Out {
  write(s: string): unknown;
}

/** A failure the CLI reports in one line and exits 2 for. */
export class UsageError extends Error {}

export interface LoadedFile {
  /** The file, or the session folder (an OpenHands `events/` folder). */
  file: string;
  result: ImportResult;
}

/** A file found by a folder walk: its path on disk and when it last changed. */
export interface ListedFile {
  file: string;
  mtimeMs: number;
}

/**
 * Every file under a folder with its size and modification time, paths '/'-separated; hidden
 * files and folders left out, but agents' session folders (`.specstory/`, `.codex/`, `.claude/`…)
 * and `.aider.chat.history.md` (transcripts kept under hidden names). Symbolic links are not
 * followed (a link can point outside the folder, or into a loop) and other entries that are not
 * files (pipes, sockets, devices: reading one can block or never end) are not read; both go to
 * `skipped`, so the walk says what it left out.
 */
export async function listFolder(dir: string, skipped: SkippedFile[]): Promise<FolderEntry<ListedFile>[]> {
  const out: FolderEntry<ListedFile>[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory() ? !walksInto(e.name) : e.name.startsWith('.') && skipReason(e.name) !== undefined) continue;
    const p = join(dir, e.name);
    const path = p.split(sep).join('/');
    if (e.isDirectory()) out.push(...(await listFolder(p, skipped)));
    else if (e.isFile()) {
      const s = await stat(p);
      out.push({ path, size: s.size, file: { file: p, mtimeMs: s.mtimeMs } });
    } else if (e.isSymbolicLink()) skipped.push({ path, reason: 'a symbolic link; links are not followed' });
    else skipped.push({ path, reason: 'not a regular file (a pipe, socket or device)' });
  }
  return out;
}

async function listFiles(dir: string, skipped: SkippedFile[]): Promise<FolderEntry<string>[]> {
  return (await listFolder(dir, skipped)).map((e) => ({ ...e, file: e.file.file }));
}

/** Opens files only when their unit is imported, so a huge folder holds one file's handle at a time. */
async function openUnit(unit: ImportUnit<string>, ctx: ImportContext): Promise<ImportUnit<ImportSource>> {
  const open = async (path: string, file: string) => sourceFromBlob(path, await openAsBlob(file), ctx);
  if (unit.kind === 'file') return { ...unit, file: await open(unit.path, unit.file) };
  const files = await Promise.all(unit.files.map(async (f) => ({ ...f, file: await open(f.path, f.file) })));
  return { ...unit, files };
}

function warn(result: ImportResult, err: Out): void {
  for (const w of result.warnings) err.write(`warning: ${terminalLine(formatWarning(w))}\n`);
}

/**
 * Imports a folder through the grouping of src/import/folder.ts, yielding each file (or session
 * folder) as soon as it is read. Non-transcripts are skipped with a note on stderr; a file that
 * should have been a transcript but fails is named with its reason and skipped.
 */
async function* loadFolder(dir: string, format: string | undefined, err: Out, failures: string[], ctx: ImportContext) {
  const notFiles: SkippedFile[] = [];
  const plan = planImport(await listFiles(dir, notFiles));
  for (const s of [...notFiles, ...plan.skipped]) err.write(`skipped: ${terminalLine(`${s.path}: ${s.reason}`)}\n`);
  for (const unit of plan.units) {
    const outcome = await importUnit(await openUnit(unit, ctx), ctx, format);
    if (outcome.status === 'skipped') err.write(`skipped: ${terminalLine(`${unit.path}: ${outcome.reason}`)}\n`);
    else if (outcome.status === 'failed') {
      const line = outcome.error.message.split('\n')[0];
      failures.push(line);
      err.write(`error: ${terminalLine(line)} (skipped)\n`);
    } else {
      warn(outcome.result, err);
      yield { file: unit.path, result: outcome.result };
    }
  }
}

/**
 * Imports every file named or found in a folder, one at a time. A file named explicitly must
 * import; a folder must yield at least one transcript. Exit 2 (UsageError) otherwise.
 */
export async function* loadEach(
  paths: string[],
  format: string | undefined,
  err: Out,
  ctx: ImportContext = {},
): AsyncGenerator<LoadedFile> {
  let loaded = 0;
  const failures: string[] = [];
  for (const path of paths) {
    const s = await stat(path).catch(() => {
      throw new UsageError(`${path}: no such file or folder`);
    });
    if (s.isDirectory()) {
      for await (const l of loadFolder(path, format, err, failures, ctx)) {
        loaded++;
        yield l;
      }
      continue;
    }
    try {
      const result = await importSource(sourceFromBlob(path, await openAsBlob(path), ctx), ctx, format);
      warn(result, err);
      loaded++;
      yield { file: path, result };
    } catch (e) {
      if (e instanceof ImportError) throw new UsageError(e.message);
      throw e;
    }
  }
  if (loaded === 0) {
    const why = failures.length
      ? `: ${failures[0]}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}`
      : '';
    throw new UsageError(`no transcript found in ${paths.join(', ')}${why}`);
  }
}

export async function loadPaths(
  paths: string[],
  format: string | undefined,
  err: Out,
  ctx: ImportContext = {},
): Promise<LoadedFile[]> {
  const loaded: LoadedFile[] = [];
  for await (const l of loadEach(paths, format, err, ctx)) loaded.push(l);
  return loaded;
}

/** `--max-…-mb N`: a positive number of MiB, in bytes; undefined when the flag is absent. */
export function megabytesFlag(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${flag} must be a positive number of MiB, got "${raw.slice(0, 80)}"`);
  return Math.round(n * 1024 * 1024);
}

/** A number of seconds within its range (docs/limits.md), or the range's default when not given. */
export function secondsFlag(flag: string, raw: unknown, range: SecondsRange): number {
  if (raw === undefined) return range.defaultSeconds;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n < range.min || n > range.max)
    throw new UsageError(
      `--${flag} must be a number of seconds from ${range.min} to ${range.max.toLocaleString('en-US')}, got "${String(raw).slice(0, 80)}"`,
    );
  return n;
}
