/**
 * Every size limit Loopscope enforces on its inputs, in one place, listed with its
 * reason and CLI flag in docs/limits.md. Each is checked before the work starts where the input
 * declares a size, and enforced while the work runs, so a header that lies cannot make the reader
 * allocate more. Pure TypeScript: the importers, the engine's config validation and the page use it.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

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

/** The limits on reading text line by line (JSON Lines, Aider's chat history). */
export interface LineLimits {
  /** Longest line, in UTF-16 characters (one per byte for ASCII text), refused while it is read. */
  lineChars: number;
}

/**
 * 256 Mi characters: a 200 MB single-line file imports; V8's longest string is
 * about 512 Mi characters, and a line is held twice while it is joined and parsed.
 */
export const LINE_LIMITS: Readonly<LineLimits> = Object.freeze({ lineChars: 256 * MiB });

/** Limits a caller may raise or lower for one import (the CLI flags); the rest keep their defaults. */
export type ImportLimits = ArchiveLimits & LineLimits;

/**
 * Nesting of a JSON value: JSON.parse reads any depth, but structuredClone, JSON.stringify and
 * recursive walks overflow the stack a few thousand levels down. Real transcripts nest a few dozen.
 */
export const MAX_JSON_DEPTH = 500;

/** A label file (`eval --labels`): the corpus's 154 runs take 33 KiB, so this holds over 250,000 runs. */
export const LABEL_FILE_BYTES = 64 * MiB;

/** The limits on configs from a file (`--config`), a share link or storage. */
export const CONFIG_LIMITS = Object.freeze({
  /** A config file: real ones are a few KiB; a whole share export with a config is under 64 KiB. */
  fileBytes: 1 * MiB,
  /** The `config=` payload of a link (base64url characters), refused before it is decoded. */
  linkChars: 16 * KiB,
  /** The JSON text a link payload inflates to, enforced while inflating. */
  inflatedBytes: 256 * KiB,
  /** The run title a link carries (clipped, in characters): shown when the receiver lacks the run. */
  linkTitleChars: 120,
  /** `name` and `basedOn` (shown in lists and headings). */
  nameChars: 200,
  /** Each string inside a parameter value (a tool name, a test pattern). */
  stringChars: 1000,
  /** Nesting of a config: the deepest real one is 5 levels (config.detectors.id.param[i]). */
  depth: 16,
});

/** A range a setting in seconds must fall in, with its default. */
export interface SecondsRange {
  defaultSeconds: number;
  min: number;
  max: number;
}

/**
 * The limits on talking to a judge endpoint (the CLI's `judge` and the Judge tab's worker). A
 * judge answer is a few hundred bytes of JSON; anything near these limits is not an answer.
 */
export const JUDGE_LIMITS = Object.freeze({
  /** One response body, read as a stream and cut there: real answers are under 10 KiB. */
  responseBytes: 4 * MiB,
  /** The CLI's answer cache file, checked before it is read; a cache of 10,000 answers is ~5 MiB. */
  cacheFileBytes: 64 * MiB,
  /** One attempt (request and body): local models can take minutes; timers overflow past ~24 days. */
  timeout: Object.freeze<SecondsRange>({ defaultSeconds: 120, min: 1, max: 3600 }),
  /** The longest wait a rate-limit header or a retry may ask for; longer stops the question or the run. */
  maxWait: Object.freeze<SecondsRange>({ defaultSeconds: 120, min: 0, max: 86_400 }),
  /** One run (a CLI command, an Ask in the Judge tab): a dead endpoint costs at most this. */
  deadline: Object.freeze<SecondsRange>({ defaultSeconds: 3600, min: 1, max: 7 * 86_400 }),
});

/** Characters of a value or key quoted in an error message; longer ones end in an ellipsis. */
export const ECHO_CHARS = 80;

/**
 * A value as an error message quotes it: JSON, cut to ECHO_CHARS with an ellipsis, never walking
 * more than needed (a deep or huge value is summarised, so a message is never megabytes).
 */
export function echoValue(v: unknown, max: number = ECHO_CHARS): string {
  if (typeof v === 'string') return cut(JSON.stringify(v.length > max ? v.slice(0, max + 1) : v), max);
  if (typeof v !== 'object' || v === null) return cut(String(JSON.stringify(v) ?? v), max);
  // Only a shallow preview: nested values show as [...] / {...}.
  const preview = Array.isArray(v)
    ? `[${v.slice(0, 10).map(shallow).join(',')}${v.length > 10 ? ',…' : ''}]`
    : `{${Object.keys(v)
        .slice(0, 10)
        .map((k) => `${JSON.stringify(k.slice(0, max))}:${shallow((v as Record<string, unknown>)[k])}`)
        .join(',')}}`;
  return cut(preview, max);
}

function shallow(x: unknown): string {
  if (Array.isArray(x)) return '[…]';
  if (typeof x === 'object' && x !== null) return '{…}';
  if (typeof x === 'string') return JSON.stringify(x.length > ECHO_CHARS ? x.slice(0, ECHO_CHARS + 1) : x);
  return String(JSON.stringify(x) ?? x);
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

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
