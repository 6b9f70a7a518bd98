/**
 * A fingerprint of a file's bytes, to notice the same file imported twice. Not cryptographic:
 * two 32-bit multiplicative lanes (FNV-1a and a murmur-style mix) and the length, computed while
 * streaming so a 200 MB file is never held twice.
 */
import { blobChunks } from './blob-chunks';

export class ContentHasher {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;
  private length = 0;

  update(bytes: Uint8Array): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    this.a = a;
    this.b = b;
    this.length += bytes.length;
  }

  /** `<16 hex digits>-<byte length>`. */
  digest(): string {
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
    return `${hex(this.a)}${hex(this.b)}-${this.length}`;
  }
}

export function hashBytes(bytes: Uint8Array): string {
  const h = new ContentHasher();
  h.update(bytes);
  return h.digest();
}

/** Streams a Blob (a File in the browser, `fs.openAsBlob` in Node) through the hasher. */
export async function hashBlob(blob: Blob): Promise<string> {
  return hashBlobs([blob]);
}

/** Several blobs one after the other (the event files of a session folder, in order). */
export async function hashBlobs(blobs: readonly Blob[]): Promise<string> {
  const h = new ContentHasher();
  // In a worker by FileReaderSync slices, as the import read the file (blob-chunks.ts).
  for (const blob of blobs) for await (const chunk of blobChunks(blob)) h.update(chunk);
  return h.digest();
}
