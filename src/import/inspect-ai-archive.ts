/**
 * The layouts of an inspect_ai `.eval` archive, as UKGovernmentBEIS/inspect_ai writes them
 * (src/inspect_ai/log/_recorders/eval.py, commit 44b41cd36a6bf4b63dc7dfb17554fc7e0eed3566;
 * chunked/format.py 026af30cb8cdad4405b1f92547e0df4cc6e16d2a, chunked/read.py db6d2d3d07d9):
 *   header.json                      the EvalLog without samples (written when the eval finishes)
 *   _journal/start.json              version, eval, plan (written first: a running or crashed eval
 *                                    has only this); logs before 0.3.50 have a top-level start.json
 *   _journal/summaries/<n>.json,     per-sample summaries (input, target, scores): not read
 *   summaries.json, reductions.json
 *   samples/<id>_epoch_<n>.json      one EvalSample per entry ("monolith")
 *   samples/<id>_epoch_<n>/sample.json + messages/<start>.json, events/<start>.json,
 *                                    attachments/<start>.json ("chunked", log version 3): the shell
 *                                    holds `message_refs`, [start, end) ranges into the messages
 *                                    pool; attachments are a list referenced as attachment://<index>
 * Entries are read one at a time, when their sample is reached (inspect-ai-zip.ts).
 */
import type { ImportWarning } from '../model/transcript';
import { ImportError } from './types';
import { jsonProblem, parseJson } from './json-parse';
import { replacedInText, replacedReason } from './source';
import { ARCHIVE_LIMITS, describeBytes, type ArchiveLimits } from '../model/limits';
import { InflateBudget, readZipDirectory, readZipEntry, type ZipEntry } from './inspect-ai-zip';
import { expandRefs } from './inspect-ai-sample';

const HEADER_NAMES = ['header.json', '_journal/start.json', 'start.json'];
const MONOLITH = /^samples\/[^/]+\.json$|^samples\/.+_epoch_\d+\.json$/;
const CHUNKED_SHELL = /^(samples\/.+_epoch_\d+)\/sample\.json$/;
const CHUNK_SEQUENCES = ['messages', 'events', 'attachments'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A sample entry, read and parsed only when `read` is called (undefined: skipped, with a warning). */
export interface SampleEntry {
  entry: string;
  read: () => unknown;
}

export interface EvalArchive {
  header?: unknown;
  /** Sorted by sample id then epoch. */
  samples: SampleEntry[];
}

function sampleOrder(entry: string): [string, number] {
  const m = /^samples\/(.+)_epoch_(\d+)(?:\.json|\/sample\.json)$/.exec(entry);
  return m ? [m[1], Number(m[2])] : [entry, 0];
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

class SampleSkipped extends Error {}

/** An entry name as a message shows it: a name of 60 KB is cut to its start and end. */
export function shownName(name: string): string {
  return name.length <= 160 ? name : `${name.slice(0, 100)}…${name.slice(-40)} (${name.length} characters)`;
}

/**
 * One entry per name: a zip may hold the same name twice (appended rather than replaced), and
 * each copy was imported as its own sample. The last copy is read, as unzip and Python's zipfile
 * read it; the duplicates are named in one warning.
 */
function onePerName(entries: ZipEntry[], file: string, warnings: ImportWarning[]): ZipEntry[] {
  const last = new Map<string, ZipEntry>();
  for (const e of entries) last.set(e.name, e);
  if (last.size === entries.length) return entries;
  const twice = [...new Set(entries.filter((e) => last.get(e.name) !== e).map((e) => e.name))];
  warnings.push({
    file,
    reason: `entry ${shownName(twice[0])} is in the archive more than once; only its last copy is read${twice.length > 1 ? ` (and ${twice.length - 1} more names like it)` : ''}`,
  });
  return entries.filter((e) => last.get(e.name) === e);
}

export function openEvalArchive(
  bytes: Uint8Array,
  file: string,
  warnings: ImportWarning[],
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): EvalArchive {
  const entries = onePerName(readZipDirectory(bytes, file), file, warnings);
  const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name, e]));
  const budget = new InflateBudget(limits);
  const decoder = new TextDecoder();

  const shells = entries.filter((e) => CHUNKED_SHELL.test(e.name));
  const prefixes = shells.map((e) => e.name.slice(0, -'/sample.json'.length));
  // The entries of each chunked sample, by its prefix (looked up per `/`, not per prefix). Only a
  // `/` at the length of some prefix is tried: slicing at every `/` of a name of 25,000 of them
  // copied the name 25,000 times (28 s for a 4.8 MB archive).
  const chunked = new Map<string, ZipEntry[]>(prefixes.map((p) => [p, []]));
  const prefixLengths = [...new Set(prefixes.map((p) => p.length))].sort((a, b) => a - b);
  const chunkedPrefix = (name: string): string | undefined => {
    for (const n of prefixLengths) {
      if (n >= name.length) break;
      if (name[n] === '/' && chunked.has(name.slice(0, n))) return name.slice(0, n);
    }
    return undefined;
  };
  for (const e of entries) {
    const p = chunkedPrefix(e.name);
    if (p) chunked.get(p)?.push(e);
  }
  const inChunked = (name: string) => chunkedPrefix(name) !== undefined;
  const monoliths = entries.filter((e) => MONOLITH.test(e.name) && !inChunked(e.name));
  const unknown = entries.filter(
    (e) => e.name.startsWith('samples/') && !e.name.endsWith('/') && !MONOLITH.test(e.name) && !inChunked(e.name),
  );
  if (unknown.length && !monoliths.length && !shells.length)
    throw new ImportError(
      file,
      `entry ${shownName(unknown[0].name)} is in a sample layout this reader does not know (it reads samples/<id>_epoch_<n>.json and samples/<id>_epoch_<n>/sample.json)`,
    );
  if (unknown.length)
    warnings.push({
      file,
      reason: `${shownName(unknown[0].name)}: not a sample entry this reader knows; skipped${unknown.length > 1 ? ` (and ${unknown.length - 1} more like it)` : ''}`,
    });
  const header = HEADER_NAMES.map((n) => byName.get(n)).filter((e): e is ZipEntry => e !== undefined);

  // What will be read, checked from the directory before anything is inflated.
  const readChunk = new RegExp(`/(sample\\.json|(${CHUNK_SEQUENCES.join('|')})/\\d+\\.json)$`);
  const toRead = [
    ...header.slice(0, 1),
    ...monoliths,
    ...[...chunked.values()].flat().filter((e) => readChunk.test(e.name)),
  ];
  const declared = toRead.reduce((n, e) => n + e.size, 0);
  if (declared > limits.totalBytes)
    throw new ImportError(
      file,
      `its entries declare ${describeBytes(declared)} uncompressed in all, over the ${describeBytes(limits.totalBytes)} limit for one archive (raise it with --max-archive-mb)`,
    );

  const json = (e: ZipEntry): unknown => {
    const text = decoder.decode(readZipEntry(bytes, e, file, budget));
    const replaced = replacedInText(text);
    if (replaced.count > 0) warnings.push({ file, reason: `${e.name}:${replaced.first}: ${replacedReason(replaced)}` });
    return parseJson(text, { file, warnings, entry: e.name });
  };
  /** Parsed entry, or a warning and undefined when it is not JSON. */
  const tryJson = (e: ZipEntry, skipped: string): unknown => {
    try {
      return json(e);
    } catch (err) {
      if (err instanceof ImportError || err instanceof DOMException) throw err;
      warnings.push({ file, reason: `${e.name}: ${jsonProblem(err)}; ${skipped}` });
      return undefined;
    }
  };

  let head: unknown;
  for (const e of header) if ((head = tryJson(e, 'skipped')) !== undefined) break;
  if (head === undefined) warnings.push({ file, reason: 'no header.json or start.json: task and model are unknown' });

  const readChunked = (prefix: string): unknown => {
    const seq = (name: string): unknown[] => {
      const dir = `${prefix}/${name}/`;
      const chunks = (chunked.get(prefix) ?? [])
        .filter((e) => e.name.startsWith(dir) && /^\d+\.json$/.test(e.name.slice(dir.length)))
        .sort((a, b) => Number(a.name.slice(dir.length, -5)) - Number(b.name.slice(dir.length, -5)));
      return chunks.flatMap((e) => {
        const items = tryJson(e, 'sample skipped');
        if (items === undefined) throw new SampleSkipped();
        if (!Array.isArray(items)) {
          warnings.push({ file, reason: `${e.name}: not a list of ${name}; sample skipped` });
          throw new SampleSkipped();
        }
        return items as unknown[];
      });
    };
    const shellEntry = byName.get(`${prefix}/sample.json`) as ZipEntry;
    const shell = tryJson(shellEntry, 'skipped');
    if (shell === undefined) return undefined;
    if (!isObj(shell)) return shell;
    try {
      const [messages, events, attachments] = CHUNK_SEQUENCES.map(seq);
      const pool = messages;
      return {
        ...shell,
        messages: Array.isArray(shell.message_refs) ? expandRefs(shell.message_refs, pool) : [],
        events,
        events_data: { messages: pool },
        // Chunked logs refer to attachments by their index in the sequence.
        attachments: Object.fromEntries(attachments.map((a, i) => [String(i), a])),
      };
    } catch (err) {
      if (err instanceof SampleSkipped) return undefined;
      throw err;
    }
  };

  const samples: SampleEntry[] = [
    ...monoliths.map((e) => ({ entry: e.name, read: () => tryJson(e, 'skipped') })),
    ...shells.map((e, i) => ({ entry: e.name, read: () => readChunked(prefixes[i]) })),
  ].sort((a, b) => {
    const [ia, ea] = sampleOrder(a.entry);
    const [ib, eb] = sampleOrder(b.entry);
    return compareIds(ia, ib) || ea - eb;
  });
  return { header: head, samples };
}
