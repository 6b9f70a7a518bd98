/**
 * Size limits on what an importer will inflate or hold, in one place (issue 11 gathers every
 * limit here). Each is checked before the work starts where the input declares a size, and
 * enforced while the work runs, so a header that lies cannot make the reader allocate more.
 */

const MiB = 1024 * 1024;

/** The limits on reading a zip archive (an inspect_ai `.eval`), one entry at a time. */
export interface ArchiveLimits {
  /** Largest uncompressed size of one entry (a sample is parsed whole, so it must fit). */
  entryBytes: number;
  /** Largest uncompressed size of all the entries read from one archive together. */
  totalBytes: number;
}

/**
 * 256 MiB per entry: a JSON text that size parses to roughly 1 GB of objects, the most one
 * import should hold; real samples of long agent runs are tens of MB. 2 GiB in all: entries are
 * read and mapped one at a time, so this bounds time rather than memory.
 */
export const ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  entryBytes: 256 * MiB,
  totalBytes: 2048 * MiB,
});

/** A byte count as a person reads it: `256 MiB`, `1.5 GiB`, `900 bytes`. */
export function describeBytes(n: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (n < 1024) return `${n} bytes`;
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1).replace(/\.0$/, '')} ${units[u]}`;
}
