/** The content hash of bytes and blobs (content-hasher.ts). */
import { blobChunks, type SliceReaders } from './blob-chunks';
import { ContentHasher } from './content-hasher';

export { ContentHasher } from './content-hasher';

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
export async function hashBlobs(blobs: readonly Blob[], readers?: SliceReaders): Promise<string> {
  const h = new ContentHasher();
  // Read (and hashed) as the import reads a file (blob-chunks.ts).
  for (const blob of blobs) for await (const _ of blobChunks(blob, h, readers));
  return h.digest();
}
