/**
 * The one-line reason for a file no importer recognises: what the content looked like (its
 * top-level keys, or its first words) and where the readable formats are listed. One line,
 * because it is what a folder import prints per skipped file and what the app shows (
 * the list of every format's reason was 15 lines).
 */
import { scanJsonHead } from './json-head';

const ZIP_MAGIC = 'PK\u0003\u0004';
const MAX_KEYS = 5;
const KEY_CHARS = 30;
const TEXT_CHARS = 40;

export const FORMATS_POINTER = 'see docs/formats.md or `loopscope formats`';

/** Control characters and runaway length out: the text goes into a one-line message. */
function clean(s: string, max: number): string {
  const flat = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function keyList(keys: string[] | undefined): string {
  if (keys === undefined || keys.length === 0) return 'no keys';
  const shown = keys.slice(0, MAX_KEYS).map((k) => `"${clean(k, KEY_CHARS)}"`);
  return `keys ${shown.join(', ')}${keys.length > MAX_KEYS ? ', …' : ''}`;
}

/** What the head looks like: "a JSON object with keys "a", "b"", "text, not JSON, starting "…"". */
export function describeContent(head: string): string {
  if (head.startsWith(ZIP_MAGIC)) return 'a zip archive that is not an inspect_ai .eval log';
  const shape = scanJsonHead(head, 2);
  if (shape.root === 'object')
    return shape.moreValues
      ? `JSON Lines whose first record has ${keyList(shape.keys.get(''))}`
      : `a JSON object with ${keyList(shape.keys.get(''))}`;
  if (shape.root === 'array') {
    const first = shape.keys.get('0');
    return first === undefined ? 'a JSON array' : `a JSON array whose first element has ${keyList(first)}`;
  }
  const line = head.split('\n').find((l) => l.trim() !== '') ?? '';
  return `text, not JSON, starting "${clean(line, TEXT_CHARS)}"`;
}

/** The reason of the ImportError for an unrecognised file (the file name is added by ImportError). */
export function unknownFormatReason(head: string): string {
  return `not a transcript format Loopscope reads (the content is ${describeContent(head)}); ${FORMATS_POINTER}`;
}
