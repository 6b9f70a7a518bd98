/**
 * Turns any supported file into canonical transcripts: sniff by file name, then by content;
 * an unrecognised file is an error that says which formats were tried and why each did not fit.
 */
import { importerById, importers } from './registry';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';

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

/** Picks the importer for a file; throws an ImportError naming every format tried. */
export async function detectImporter(src: ImportSource, formatId?: string): Promise<Importer> {
  if (formatId) {
    const forced = importerById(formatId);
    if (!forced)
      throw new ImportError(src.name, `unknown format "${formatId}" (known: ${importers.map((i) => i.id).join(', ')})`);
    return forced;
  }
  if (src.size === 0) throw new ImportError(src.name, 'the file is empty');
  const head = await src.head();
  const byName = importers.find((i) => i.matchesName(src.name));
  if (byName) return byName;
  const reasons: string[] = [];
  const isZip = head.startsWith('PK\u0003\u0004');
  if (!isZip && looksBinary(head)) throw new ImportError(src.name, 'this is a binary file, not a transcript');
  for (const imp of importers) {
    const why = imp.sniff(head, src.name);
    if (why === null) return imp;
    reasons.push(`${imp.label}: ${why}`);
  }
  throw new ImportError(src.name, `not a recognised transcript format. Tried — ${reasons.join('; ')}`);
}

export async function importSource(src: ImportSource, ctx: ImportContext = {}, formatId?: string): Promise<ImportResult> {
  const importer = await detectImporter(src, formatId);
  const result = await importer.parse(src, ctx);
  if (result.transcripts.length === 0) throw new ImportError(src.name, `no transcript found in this ${importer.label} file`);
  return result;
}
