/**
 * Reads the entries of an inspect_ai `.eval` archive (src/inspect_ai/log/_recorders/eval.py):
 * a zip of `header.json` (the EvalLog without samples; in-progress logs only have
 * `_journal/start.json`, logs before 0.3.50 a top-level `start.json`) and one
 * `samples/<id>_epoch_<epoch>.json` per sample. Entries are deflated (method 8); inspect can
 * write zstd (method 93) under INSPECT_USE_ZSTD, which fflate cannot unpack.
 */
import { unzipSync, type Unzipped } from 'fflate';
import type { ImportWarning } from '../model/transcript';
import { ImportError } from './types';
import { jsonProblem, parseJson } from './json-parse';

const HEADER_NAMES = ['header.json', '_journal/start.json', 'start.json'];
const SAMPLE_ENTRY = /^samples\/[^/]+\.json$/;
const METHOD_NAMES: Record<number, string> = { 9: 'deflate64', 12: 'bzip2', 14: 'LZMA', 93: 'zstd', 95: 'xz' };

export interface EvalArchive {
  header?: unknown;
  /** Parsed sample entries, sorted by sample id then epoch. */
  samples: { entry: string; sample: unknown }[];
}

function sampleOrder(entry: string): [string, number] {
  const m = /^samples\/(.+)_epoch_(\d+)\.json$/.exec(entry);
  return m ? [m[1], Number(m[2])] : [entry, 0];
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function readEvalArchive(bytes: Uint8Array, file: string, warnings: ImportWarning[]): EvalArchive {
  const unsupported: string[] = [];
  let entries: Unzipped;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (!HEADER_NAMES.includes(f.name) && !SAMPLE_ENTRY.test(f.name)) return false;
        if (f.compression === 0 || f.compression === 8) return true;
        unsupported.push(`${f.name} (${METHOD_NAMES[f.compression] ?? `method ${f.compression}`})`);
        return false;
      },
    });
  } catch (e) {
    // fflate reports a missing end-of-archive record as "invalid zip data" and a cut entry as
    // "unexpected EOF": both mean the file is incomplete or not a zip.
    throw new ImportError(file, `the .eval archive is truncated or damaged: ${(e as Error).message}`);
  }
  if (unsupported.length)
    throw new ImportError(
      file,
      `the .eval archive uses a compression this reader cannot unpack: ${unsupported.slice(0, 3).join(', ')}` +
        ' (convert it with `inspect log convert --to json`)',
    );

  const decoder = new TextDecoder();
  const parse = (name: string): unknown => {
    try {
      return parseJson(decoder.decode(entries[name]));
    } catch (e) {
      warnings.push({ file, reason: `${name}: ${jsonProblem(e)}; skipped` });
      return undefined;
    }
  };

  let header: unknown;
  for (const name of HEADER_NAMES) {
    if (entries[name] && (header = parse(name)) !== undefined) break;
  }
  if (header === undefined) warnings.push({ file, reason: 'no header.json or start.json: task and model are unknown' });

  const samples = Object.keys(entries)
    .filter((n) => SAMPLE_ENTRY.test(n))
    .sort((a, b) => {
      const [ia, ea] = sampleOrder(a);
      const [ib, eb] = sampleOrder(b);
      return compareIds(ia, ib) || ea - eb;
    })
    .map((entry) => ({ entry, sample: parse(entry) }))
    .filter((s) => s.sample !== undefined);
  return { header, samples };
}
