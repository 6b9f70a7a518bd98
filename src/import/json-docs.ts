/**
 * Reads a file that is either one JSON document or JSON Lines, without the caller having to
 * know which: `.json` exports, pretty-printed dumps and `.jsonl` logs all arrive here.
 *
 * JSON Lines are streamed: records are parsed one line at a time as the caller asks for them, so
 * a 200 MB log is never one string and its parsed records can be dropped as soon as the importer
 * has read them. Only a single JSON document is read whole (there is no way to parse half of one).
 */
import type { ImportWarning } from '../model/transcript';
import { firstLine, scanJsonHead } from './json-head';
import { JsonTooDeepError, jsonProblem, parseJson } from './json-parse';
import { HEAD_BYTES } from './source';
import { ImportError, type ImportSource } from './types';

export interface JsonDoc {
  /** 1-based line of a JSON Lines record; undefined for a whole-file document. */
  line?: number;
  value: unknown;
}

export interface JsonDocStream {
  kind: 'json' | 'jsonl';
  /** Read once, in order. For `json`, exactly one document. */
  docs: AsyncIterable<JsonDoc>;
}

/** Kept for callers that want an array: small files, tests. */
export interface JsonDocs {
  kind: 'json' | 'jsonl';
  docs: JsonDoc[];
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
}

interface NumberedLine {
  no: number;
  text: string;
}

/** Non-empty lines with their 1-based numbers, checking for cancellation on every line. */
async function* numberedLines(src: ImportSource, signal?: AbortSignal): AsyncGenerator<NumberedLine> {
  let no = 0;
  for await (const batch of src.lines()) {
    checkAbort(signal);
    for (const raw of batch) {
      no++;
      const text = raw.trim();
      if (text !== '') yield { no, text };
    }
  }
}

/** Parses numbered lines; a bad line becomes a warning naming its number. */
async function* parseLines(
  file: string,
  lines: AsyncIterator<NumberedLine>,
  warnings: ImportWarning[],
  opts: { first?: JsonDoc; requireOne?: boolean } = {},
): AsyncGenerator<JsonDoc> {
  let yielded = 0;
  const one = (l: NumberedLine): JsonDoc | undefined => {
    try {
      return { line: l.no, value: parseJson(l.text, { file, warnings, line: l.no }) };
    } catch (e) {
      warnings.push({ file, line: l.no, reason: jsonProblem(e) });
      return undefined;
    }
  };
  if (opts.first) {
    yielded++;
    yield opts.first;
  }
  for (;;) {
    const r = await lines.next();
    if (r.done) break;
    const d = one(r.value);
    if (d) {
      yielded++;
      yield d;
    }
  }
  if (yielded === 0 && opts.requireOne) throw new ImportError(file, 'no line of this file is valid JSON');
}

/** Every line of a JSON Lines file, parsed as it is read. */
export function jsonLines(
  src: ImportSource,
  warnings: ImportWarning[],
  signal?: AbortSignal,
  requireOne = false,
): AsyncIterable<JsonDoc> {
  return parseLines(src.name, numberedLines(src, signal), warnings, { requireOne });
}

/** A complete JSON object or array on one line: a JSON Lines record, never a line of a dump. */
function isContainer(line: string): boolean {
  const c = line[0];
  if (c !== '{' && c !== '[') return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

async function wholeDocument(src: ImportSource, warnings: ImportWarning[]): Promise<unknown> {
  return parseJson(await src.text(), { file: src.name, warnings });
}

/** A file that must be one JSON document, read whole; bad JSON is an ImportError naming the file. */
export async function readJsonDocument(src: ImportSource, warnings: ImportWarning[]): Promise<unknown> {
  try {
    return await wholeDocument(src, warnings);
  } catch (e) {
    if (e instanceof DOMException) throw e; // cancelled while reading
    throw new ImportError(src.name, jsonProblem(e));
  }
}

async function* single(value: unknown): AsyncGenerator<JsonDoc> {
  yield { value };
}

/**
 * One document when the file holds a single JSON value (however it is laid out), otherwise
 * one document per line, streamed. Decided from the head, and for large files from the first
 * line: a first line that parses alone ends the first value, so the file is JSON Lines (or one
 * long line); a first line that does not (`{` of a pretty-printed dump) opens one document.
 */
export async function openJsonDocs(
  src: ImportSource,
  warnings: ImportWarning[],
  signal?: AbortSignal,
): Promise<JsonDocStream> {
  const head = await src.head();
  const shape = scanJsonHead(head, 1);
  // A second value after the first one closes, within the head: JSON Lines.
  if (shape.moreValues) return { kind: 'jsonl', docs: jsonLines(src, warnings, signal, true) };

  let docProblem: unknown;
  const whole = async (): Promise<JsonDocStream | null> => {
    try {
      return { kind: 'json', docs: single(await wholeDocument(src, warnings)) };
    } catch (e) {
      if (e instanceof DOMException) throw e; // cancelled while reading
      if (shape.root === 'array' || e instanceof JsonTooDeepError) throw new ImportError(src.name, jsonProblem(e));
      docProblem = e;
      return null; // a JSON Lines file whose first record does not parse: read it line by line
    }
  };

  if (src.size <= HEAD_BYTES) {
    const doc = await whole();
    if (doc) return doc;
    // A first line that is no record of its own (`{` of a pretty-printed dump): a broken document,
    // named by its own parse error rather than "no line of this file is valid JSON".
    if (!isContainer(firstLine(head).trim())) throw new ImportError(src.name, jsonProblem(docProblem));
    return { kind: 'jsonl', docs: jsonLines(src, warnings, signal, true) };
  }

  const lines = numberedLines(src, signal);
  const first = await lines.next();
  if (first.done) throw new ImportError(src.name, 'the file holds only blank lines');
  const l1 = first.value;
  let value: unknown;
  let problem: unknown;
  try {
    value = parseJson(l1.text, { file: src.name, warnings, line: l1.no });
  } catch (e) {
    problem = e;
  }
  const second = await lines.next();
  if (
    problem !== undefined &&
    !(problem instanceof JsonTooDeepError) &&
    l1.text.length < head.length &&
    !(second.done === false && isContainer(second.value.text))
  ) {
    // A short first line that is not a value (`{` of a pretty-printed dump), not followed by a
    // record of its own (which would make it a broken JSON Lines record): one document.
    await lines.return(undefined);
    const doc = await whole();
    if (doc) return doc;
    throw new ImportError(src.name, jsonProblem(docProblem));
  }
  if (second.done) {
    // One long line holding one value: a compact single document.
    if (problem !== undefined) throw new ImportError(src.name, jsonProblem(problem), l1.no);
    return { kind: 'json', docs: single(value) };
  }
  let firstDoc: JsonDoc | undefined;
  if (problem === undefined) firstDoc = { line: l1.no, value };
  else warnings.push({ file: src.name, line: l1.no, reason: jsonProblem(problem) });
  async function* rest(): AsyncGenerator<NumberedLine> {
    yield second.value as NumberedLine;
    for (;;) {
      const r = await lines.next();
      if (r.done) return;
      yield r.value;
    }
  }
  return { kind: 'jsonl', docs: parseLines(src.name, rest(), warnings, { first: firstDoc, requireOne: true }) };
}

/** openJsonDocs, collected into an array (small files and tests). */
export async function readJsonDocs(
  src: ImportSource,
  warnings: ImportWarning[],
  signal?: AbortSignal,
): Promise<JsonDocs> {
  const { kind, docs } = await openJsonDocs(src, warnings, signal);
  const list: JsonDoc[] = [];
  for await (const d of docs) list.push(d);
  return { kind, docs: list };
}
