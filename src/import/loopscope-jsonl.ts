/**
 * Loopscope transcript format v1 (`.loop.jsonl`, docs/design.md, section 3): one JSON object per line.
 * A malformed line is skipped with a warning naming its line; a `meta` line after content starts
 * the next transcript of the same file.
 */
import type { ImportResult, ImportSource, Importer, ImportContext } from './types';
import { ImportError } from './types';
import { jsonProblem, parseJson } from './json-parse';
import { isObj, KNOWN_TYPES, LOOPSCOPE_FORMAT, LoopscopeReader } from './loopscope-reader';

export { LOOPSCOPE_FORMAT, LOOPSCOPE_VERSION } from './loopscope-reader';

export async function parseLoopscopeJsonl(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const reader = new LoopscopeReader(file);
  let lineNo = 0;
  let blank = 0;

  for await (const batch of src.lines()) {
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    for (const raw of batch) {
      lineNo++;
      const line = raw.trim();
      if (line === '') {
        blank++;
        continue;
      }
      let o: unknown;
      try {
        o = parseJson(line, { file, warnings: reader.warnings, line: lineNo });
      } catch (e) {
        reader.warnings.push({ file, line: lineNo, reason: jsonProblem(e) });
        continue;
      }
      reader.add(o, lineNo);
    }
  }
  reader.finish();
  const { done, warnings } = reader;
  if (done.length === 0) {
    const why =
      lineNo === blank
        ? 'the file is empty'
        : `none of its ${lineNo} lines could be read (first problem, line ${warnings[0]?.line}: ${warnings[0]?.reason})`;
    throw new ImportError(file, `nothing readable as Loopscope JSONL: ${why}`);
  }
  return { format: LOOPSCOPE_FORMAT, transcripts: done, warnings };
}

export const loopscopeJsonlImporter: Importer = {
  id: LOOPSCOPE_FORMAT,
  label: 'Loopscope JSONL',
  matchesName: (name) => /\.loop\.jsonl$/i.test(name),
  sniff(head) {
    const first = head.split('\n').find((l) => l.trim() !== '');
    if (first === undefined) return 'the file is empty';
    try {
      const o = JSON.parse(first) as unknown;
      if (isObj(o) && typeof o.type === 'string' && KNOWN_TYPES.includes(o.type)) return null;
      return 'the first line has no Loopscope "type" (meta, user, system, assistant, judge, label)';
    } catch {
      return 'the first line is not a JSON object';
    }
  },
  parse: parseLoopscopeJsonl,
};
