/**
 * Reads a file that is either one JSON document or JSON Lines, without the caller having to
 * know which: `.json` exports, pretty-printed dumps and `.jsonl` logs all arrive here.
 * JSON Lines are read line by line, so a large log never needs one giant JSON.parse.
 */
import type { ImportWarning } from '../model/transcript';
import { scanJsonHead } from './json-head';
import { ImportError, type ImportSource } from './types';

export interface JsonDoc {
  /** 1-based line of a JSON Lines record; undefined for a whole-file document. */
  line?: number;
  value: unknown;
}

export interface JsonDocs {
  kind: 'json' | 'jsonl';
  docs: JsonDoc[];
}

/** Parses every line; a bad line becomes a warning naming its number. */
export async function readJsonLines(src: ImportSource, warnings: ImportWarning[]): Promise<JsonDoc[]> {
  const docs: JsonDoc[] = [];
  let lineNo = 0;
  for await (const raw of src.lines()) {
    lineNo++;
    const line = raw.trim();
    if (line === '') continue;
    try {
      docs.push({ line: lineNo, value: JSON.parse(line) as unknown });
    } catch (e) {
      warnings.push({ file: src.name, line: lineNo, reason: `not valid JSON (${(e as Error).message})` });
    }
  }
  return docs;
}

/**
 * One document when the file holds a single JSON value (however it is laid out), otherwise
 * one document per line. Throws an ImportError when nothing at all parses.
 */
export async function readJsonDocs(src: ImportSource, warnings: ImportWarning[]): Promise<JsonDocs> {
  const head = await src.head();
  const shape = scanJsonHead(head, 1);
  // A second value after the first one closes means JSON Lines; a head that ends inside the
  // first value is one (large) document.
  if (!shape.moreValues) {
    const text = await src.text();
    try {
      return { kind: 'json', docs: [{ value: JSON.parse(text) as unknown }] };
    } catch (e) {
      if (shape.root === 'array') throw new ImportError(src.name, `not valid JSON (${(e as Error).message})`);
      // Fall through: a JSON Lines file whose first record is longer than the head.
    }
  }
  const docs = await readJsonLines(src, warnings);
  if (docs.length === 0) throw new ImportError(src.name, 'no line of this file is valid JSON');
  return { kind: 'jsonl', docs };
}
