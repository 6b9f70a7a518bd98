/**
 * Turns any supported file into canonical transcripts: sniff by file name, then by content;
 * an unrecognised file is a one-line error saying what the content looked like.
 */
import { importerById, importers } from './registry';
import { MAX_JSON_DEPTH } from '../model/json-depth';
import { callCount, type ImportWarning, type Transcript } from '../model/transcript';
import { scanJsonHead } from './json-head';
import { jsonLinesArrayHead, jsonLinesAsArray } from './json-lines-array';
import { HEAD_BYTES } from './source';
import { hasLeadingComments, withoutCommentLines } from './comment-lines';
import { unknownFormatReason } from './unknown-format';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

const ZIP_MAGIC = 'PK\u0003\u0004';
const MARKDOWN = /\.(md|markdown)$/i;

export { ImportError } from './types';
export type { ImportContext, ImportResult, ImportSource, Importer } from './types';
export { importers, importerById } from './registry';

function looksBinary(head: string): boolean {
  // U+FFFD replaces undecodable bytes; NUL never appears in the text formats we read.
  let bad = 0;
  const n = Math.min(head.length, 4096);
  for (let i = 0; i < n; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) return true;
    if (c === 0xfffd) bad++;
  }
  return n > 0 && bad / n > 0.05;
}

/**
 * Picks the importer for a file; throws an ImportError of one line saying what the content looked
 * like and where the readable formats are listed (unknown-format.ts).
 */
export async function detectImporter(src: ImportSource, formatId?: string): Promise<Importer> {
  return (await resolveImporter(src, formatId)).importer;
}

/**
 * The importer for a file and the source to give it: the file itself, or, for a format whose
 * records were written one per line (messages, items), the file presented as their JSON array.
 */
export async function resolveImporter(
  file: ImportSource,
  formatId?: string,
): Promise<{ importer: Importer; source: ImportSource }> {
  // JSON Lines behind `//` or `#` comment lines: read with those lines blank (comment-lines.ts).
  // Never Markdown, where `#` starts a heading.
  const commented = file.size > 0 && !MARKDOWN.test(file.name) && hasLeadingComments(await file.head());
  const src = commented ? withoutCommentLines(file) : file;
  if (formatId) {
    const forced = importerById(formatId);
    if (!forced)
      throw new ImportError(src.name, `unknown format "${formatId}" (known: ${importers.map((i) => i.id).join(', ')})`);
    const head = src.size > 0 ? await src.head() : '';
    const arrayHead = forced.sniff(head, src.name) === null ? null : jsonLinesArrayHead(head);
    const adapt = arrayHead !== null && forced.sniff(arrayHead, src.name) === null;
    return { importer: forced, source: adapt ? jsonLinesAsArray(src) : src };
  }
  return sniffImporter(src);
}

async function sniffImporter(src: ImportSource): Promise<{ importer: Importer; source: ImportSource }> {
  if (src.size === 0) throw new ImportError(src.name, 'the file is empty');
  const head = await src.head();
  if (src.size <= HEAD_BYTES && head.trim() === '')
    throw new ImportError(src.name, 'the file is empty (only blank lines)');
  const isZip = head.startsWith(ZIP_MAGIC);
  // Before the name: a picture renamed to .jsonl is still a picture.
  if (!isZip && looksBinary(head)) throw new ImportError(src.name, 'this is a binary file, not a transcript');
  const byName = importers.find((i) => i.matchesName(src.name));
  if (byName) return { importer: byName, source: src };
  for (const imp of importers) if (imp.sniff(head, src.name) === null) return { importer: imp, source: src };
  const arrayHead = jsonLinesArrayHead(head);
  if (arrayHead !== null)
    for (const imp of importers)
      if (imp.sniff(arrayHead, src.name) === null) return { importer: imp, source: jsonLinesAsArray(src) };
  if (scanJsonHead(head, 1).deepest > MAX_JSON_DEPTH)
    throw new ImportError(src.name, `nested deeper than ${MAX_JSON_DEPTH} levels: not a transcript any importer reads`);
  throw new ImportError(src.name, unknownFormatReason(head));
}

/** Warns once per file about transcripts the call-based detectors cannot look at. */
function noCallsWarning(file: string, transcripts: Transcript[]): ImportWarning | undefined {
  const empty = transcripts.filter((t) => callCount(t) === 0);
  if (empty.length === 0) return undefined;
  const why = 'call-based detectors will have nothing to look at';
  if (transcripts.length === 1) return { file, reason: `no tool calls in this transcript: ${why}` };
  if (empty.length === transcripts.length)
    return { file, reason: `no tool calls in any of its ${transcripts.length} transcripts: ${why}` };
  return {
    file,
    reason: `${empty.length} of its ${transcripts.length} transcripts have no tool calls (the first: "${empty[0].title}"): ${why} in them`,
  };
}

export async function importSource(
  src: ImportSource,
  ctx: ImportContext = {},
  formatId?: string,
): Promise<ImportResult> {
  const { importer, source } = await resolveImporter(src, formatId);
  const result = await importer.parse(source, ctx);
  if (result.transcripts.length === 0)
    throw new ImportError(src.name, `no transcript found in this ${importer.label} file`);
  // The adapted source's: a JSON Lines file read as an array adds what it said per line.
  result.warnings.push(...(source.decodeWarnings?.() ?? []));
  const noCalls = noCallsWarning(src.name, result.transcripts);
  if (noCalls) result.warnings.push(noCalls);
  ctx.onProgress?.(src.size, src.size);
  return result;
}
