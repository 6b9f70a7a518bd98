/** A session file being written (Claude Code, Codex, OpenHands events.jsonl, Loopscope JSONL…). */
import { resolveImporter } from '../../import/index';
import { sourceFromBytes } from '../../import/source';
import { ImportError, type ImportContext } from '../../import/types';
import { completeLength, isJsonLines } from './complete-part';
import { FileTail } from './file-tail';
import type { Loaded, PollResult, Target } from './target';

export class FileTarget implements Target {
  private readonly tail: FileTail;
  /** Whether the file is JSON Lines, once its first record's line has ended. */
  private jsonLines: boolean | undefined;
  /** How many bytes the last load read (-1: none since the start or a reset). */
  private lastLength = -1;

  constructor(readonly path: string) {
    this.tail = new FileTail(path);
  }

  get watchPath(): string {
    return this.path;
  }

  async poll(): Promise<PollResult> {
    const change = await this.tail.poll();
    if (change.kind === 'missing') return { missing: true, changed: false };
    if (change.kind === 'same') return { missing: false, changed: false };
    if (change.reset) {
      this.jsonLines = undefined;
      this.lastLength = -1;
    }
    this.jsonLines ??= isJsonLines(this.tail.bytes());
    return { missing: false, changed: true, reset: change.reset };
  }

  async load(ctx: ImportContext, format: string | undefined, quiet: boolean): Promise<Loaded> {
    const bytes = this.tail.bytes();
    // Until its first line ends, a file is read only once it is quiet: it may be a one-line
    // document, or the start of a JSON line still being written.
    if (this.jsonLines === undefined && !quiet) return { kind: 'nothing' };
    const length = completeLength(bytes, this.jsonLines);
    if (bytes.subarray(0, length).every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09))
      return { kind: 'nothing' };
    if (length === this.lastLength) return { kind: 'same' };
    this.lastLength = length;
    try {
      return { kind: 'imported', result: await this.importBytes(bytes.subarray(0, length), ctx, format) };
    } catch (e) {
      // Read whole while its first line is unfinished: a JSON line cut short is no failure.
      if (e instanceof ImportError && this.jsonLines === undefined) return { kind: 'nothing' };
      throw e;
    }
  }

  private async importBytes(bytes: Uint8Array, ctx: ImportContext, format: string | undefined) {
    const src = sourceFromBytes(this.path, bytes, ctx);
    const { importer, source } = await resolveImporter(src, format);
    const result = await importer.parse(source, ctx);
    if (result.transcripts.length === 0)
      throw new ImportError(this.path, `no transcript found in this ${importer.label} file`);
    // What the source itself found (invalid UTF-8, numbers too large) goes with the importer's.
    result.warnings.push(...(source.decodeWarnings?.() ?? []));
    return result;
  }
}
