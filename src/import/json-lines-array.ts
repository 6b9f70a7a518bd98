/**
 * "Any format whose records come one per line": OpenAI chat messages, Anthropic messages or
 * Responses items written one JSON object a line, as loggers write them. The formats' own
 * importers read a JSON array; this presents such a file to them as that array, line numbers
 * kept for errors, so no importer needs a second reader.
 */
import { parseJson } from './json-parse';
import { HEAD_BYTES } from './source';
import type { ImportWarning } from '../model/transcript';
import { ImportError, type ImportSource } from './types';
import { eachLine } from './source';

/** The head's complete lines as a JSON array text, for sniffing; null when it is not JSON Lines of objects. */
export function jsonLinesArrayHead(head: string): string | null {
  const lines = head.split('\n');
  // The last line of the head may be cut off: only complete lines are used (unless it is all).
  const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
  // The records up to the first that is not a whole object (a broken line is reported later,
  // by its number, when the file is read).
  const records: string[] = [];
  for (const raw of complete) {
    const l = raw.trim();
    if (l === '') continue;
    if (!(l.startsWith('{') && l.endsWith('}'))) break;
    records.push(l);
  }
  return records.length >= 2 ? `[${records.join(',')}]` : null;
}

/** The JSON Lines source as a source holding one JSON array of its records. */
export function jsonLinesAsArray(src: ImportSource): ImportSource {
  // Said per line here: the joined array's parse has no lines of the file to name.
  const lineWarnings: ImportWarning[] = [];
  const asText = async (): Promise<string> => {
    const parts: string[] = [];
    let no = 0;
    for await (const raw of eachLine(src.lines())) {
      no++;
      const line = raw.trim();
      if (line === '') continue;
      // Each record is checked on its own, so a bad one is named by its line.
      const said = lineWarnings.length;
      let value: unknown;
      try {
        value = parseJson(line, { file: src.name, warnings: lineWarnings, line: no });
      } catch (e) {
        throw new ImportError(src.name, `not valid JSON (${(e as Error).message})`, no);
      }
      // A record whose `1e999` became null is written back with the null (said once, here).
      parts.push(lineWarnings.length === said ? line : JSON.stringify(value));
    }
    return `[${parts.join(',')}]`;
  };
  let text: Promise<string> | undefined;
  const whole = () => (text ??= asText());
  return {
    name: src.name,
    size: src.size,
    head: async () => (await whole()).slice(0, HEAD_BYTES),
    text: whole,
    bytes: async () => new TextEncoder().encode(await whole()),
    lines: async function* () {
      yield [await whole()];
    },
    decodeWarnings: () => [...lineWarnings, ...(src.decodeWarnings?.() ?? [])],
  };
}
