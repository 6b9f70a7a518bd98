/**
 * A session folder being written: an OpenHands `events/` folder (one event per file) or a Cline
 * task folder. Each poll lists the folder again; files are read again only when their size or
 * time changed. The newest event file, while it is not yet whole JSON, is being written: it is
 * left out until it is, or until the folder has been quiet for the interval.
 */
import { readFile } from 'node:fs/promises';
import type { FolderEntry, ImportUnit } from '../../import/folder';
import { importUnit } from '../../import/folder-import';
import { openHandsEventOrder } from '../../import/openhands-event-names';
import { sourceFromBytes } from '../../import/source';
import { ImportError, type ImportContext, type ImportSource } from '../../import/types';
import type { ListedFile } from '../io';
import { folderSessions } from './folder-sessions';
import type { Loaded, PollResult, Target } from './target';

interface Read {
  size: number;
  mtimeMs: number;
  bytes: Uint8Array;
}

function parses(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder().decode(bytes));
    return true;
  } catch {
    return false;
  }
}

export class SessionFolderTarget implements Target {
  private unit: ImportUnit<ListedFile> | undefined;
  private signature = '';
  private readonly cache = new Map<string, Read>();
  private lastInput = '';

  constructor(readonly path: string) {}

  get watchPath(): string {
    return this.path;
  }

  async poll(): Promise<PollResult> {
    const found = await folderSessions(this.path).catch(() => []);
    const unit = found.find((s) => s.unit.kind !== 'file' && s.unit.path === this.path)?.unit;
    if (!unit || unit.kind === 'file') {
      this.unit = undefined;
      return { missing: true, changed: false };
    }
    const signature = JSON.stringify(unit.files.map((f) => [f.path, f.size, f.file.mtimeMs]));
    const changed = signature !== this.signature;
    const present = new Set(unit.files.map((f) => f.path));
    for (const path of this.cache.keys()) if (!present.has(path)) this.cache.delete(path);
    this.unit = unit;
    this.signature = signature;
    return { missing: false, changed };
  }

  async load(ctx: ImportContext, format: string | undefined, quiet: boolean): Promise<Loaded> {
    const unit = this.unit;
    if (!unit || unit.kind === 'file') return { kind: 'nothing' };
    const files: FolderEntry<ImportSource>[] = [];
    for (const f of unit.files) files.push({ ...f, file: sourceFromBytes(f.path, await this.read(f), ctx) });
    const kept = quiet || unit.kind !== 'openhands-events' ? files : this.withoutPartialNewest(files);
    const input = JSON.stringify([quiet, kept.map((f) => f.path), this.signature]);
    if (input === this.lastInput) return { kind: 'same' };
    this.lastInput = input;
    if (kept.length === 0) return { kind: 'nothing' };
    const size = kept.reduce((n, f) => n + f.size, 0);
    const outcome = await importUnit({ ...unit, size, files: kept }, ctx, format);
    if (outcome.status === 'imported') return { kind: 'imported', result: outcome.result };
    throw outcome.status === 'failed' ? outcome.error : new ImportError(unit.path, outcome.reason);
  }

  private async read(f: FolderEntry<ListedFile>): Promise<Uint8Array> {
    const had = this.cache.get(f.path);
    if (had && had.size === f.size && had.mtimeMs === f.file.mtimeMs) return had.bytes;
    const bytes = new Uint8Array(await readFile(f.file.file).catch(() => new Uint8Array(0)));
    this.cache.set(f.path, { size: f.size, mtimeMs: f.file.mtimeMs, bytes });
    return bytes;
  }

  private withoutPartialNewest(files: FolderEntry<ImportSource>[]): FolderEntry<ImportSource>[] {
    let newest = -1;
    for (let i = 0; i < files.length; i++) {
      const order = openHandsEventOrder(files[i].path) ?? -1;
      if (newest < 0 || order > (openHandsEventOrder(files[newest].path) ?? -1)) newest = i;
    }
    if (newest < 0) return files;
    const bytes = this.cache.get(files[newest].path)?.bytes;
    return bytes && parses(bytes) ? files : files.filter((_, i) => i !== newest);
  }
}
