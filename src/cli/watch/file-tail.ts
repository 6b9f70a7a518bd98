/**
 * The bytes of one file as an agent appends to it: each poll reads only what was added since the
 * last one. A file replaced (another inode), truncated (smaller than what was read) or rewritten
 * (its first bytes differ) is read again from the start, and the poll says which.
 */
import { open, stat } from 'node:fs/promises';

export type Reset = 'replaced' | 'truncated' | 'rewritten';

export type TailChange =
  | { kind: 'missing' }
  /** Nothing new (a touch, or a write of the same bytes). */
  | { kind: 'same' }
  | { kind: 'changed'; reset?: Reset };

/** Bytes compared at each poll to notice a rewrite that kept or grew the size. */
const HEAD_CHECK = 4096;
/** Read in pieces of this size: a large file is not read in one allocation. */
const CHUNK = 1 << 20;

export class FileTail {
  private buf = new Uint8Array(64 * 1024);
  private length = 0;
  private ino = -1;
  private dev = -1;
  private mtimeMs = -1;

  constructor(readonly path: string) {}

  /** Everything read so far. */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  async poll(): Promise<TailChange> {
    const seen = await stat(this.path).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return undefined;
      throw e;
    });
    if (!seen?.isFile()) return { kind: 'missing' };
    if (seen.ino === this.ino && seen.dev === this.dev && seen.size === this.length && seen.mtimeMs === this.mtimeMs)
      return { kind: 'same' };
    const fh = await open(this.path, 'r').catch(() => undefined);
    if (!fh) return { kind: 'missing' };
    try {
      // The open file's own identity: the path may have been replaced between stat and open.
      const st = await fh.stat();
      let reset: Reset | undefined;
      if (this.ino !== -1 && (st.ino !== this.ino || st.dev !== this.dev)) reset = 'replaced';
      else if (st.size < this.length) reset = 'truncated';
      else if (this.length > 0 && !(await this.sameHead(fh))) reset = 'rewritten';
      const before = this.length;
      if (reset) this.length = 0;
      this.ino = st.ino;
      this.dev = st.dev;
      this.mtimeMs = st.mtimeMs;
      await this.readTo(fh, st.size);
      return reset || this.length !== before ? { kind: 'changed', reset } : { kind: 'same' };
    } finally {
      await fh.close();
    }
  }

  private async sameHead(fh: import('node:fs/promises').FileHandle): Promise<boolean> {
    const n = Math.min(this.length, HEAD_CHECK);
    const head = new Uint8Array(n);
    const { bytesRead } = await fh.read(head, 0, n, 0);
    if (bytesRead !== n) return false;
    for (let i = 0; i < n; i++) if (head[i] !== this.buf[i]) return false;
    return true;
  }

  /** Appends the file's bytes from what was read up to `size` (less if it shrinks meanwhile). */
  private async readTo(fh: import('node:fs/promises').FileHandle, size: number): Promise<void> {
    if (size > this.buf.length) {
      const grown = new Uint8Array(Math.max(size, this.buf.length * 2));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    while (this.length < size) {
      const { bytesRead } = await fh.read(this.buf, this.length, Math.min(CHUNK, size - this.length), this.length);
      if (bytesRead === 0) break;
      this.length += bytesRead;
    }
  }
}
