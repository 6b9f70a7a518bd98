/**
 * The part of a file being written that can be read now. A JSON Lines file (its first line is a
 * JSON value) is read up to its last newline: a last line without one is still being written,
 * even when what is there so far happens to parse. Any other file (one JSON document, Markdown)
 * is read whole; a document cut mid-write fails to import, quietly, and is read again when it
 * changes.
 */
import { isCommentLine } from '../../import/comment-lines';

const NEWLINE = 0x0a;

/** Lines a JSON Lines reader passes over (blank, `#` or `//` comments) before the first record. */
function isFiller(line: string): boolean {
  return line.trim() === '' || isCommentLine(line);
}

/**
 * True for JSON Lines, false for anything else, undefined while the first record's line has no
 * newline yet.
 */
export function isJsonLines(bytes: Uint8Array): boolean | undefined {
  const decoder = new TextDecoder();
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) return undefined;
    const line = decoder.decode(bytes.subarray(start, end));
    start = end + 1;
    if (isFiller(line)) continue;
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * How many bytes from the start can be imported now, given `isJsonLines` of them (the caller keeps
 * it once known). Until the first record's line ends, the file is read whole: a one-line document
 * may never get a newline, and a JSON line cut short does not import.
 */
export function completeLength(bytes: Uint8Array, jsonLines: boolean | undefined): number {
  return jsonLines === true ? bytes.lastIndexOf(NEWLINE) + 1 : bytes.length;
}
