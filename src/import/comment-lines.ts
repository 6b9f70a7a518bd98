/**
 * JSON Lines files people annotated: a repository that prepends `// Source: gist …` to a session
 * it keeps as a fixture, `#` notes between records. No line of JSON starts with `//` or `#` (not
 * even inside a pretty-printed document: a string cannot hold a raw line break), so such lines
 * are read as blank lines: every reader already skips those, line numbers stay right, the sniffers
 * see the records after them, and one warning names the lines.
 */
import type { ImportWarning } from '../model/transcript';
import type { ImportSource } from './types';

const MAX_NAMED = 5;

/** A `//` or `#` line (after indentation). */
export function isCommentLine(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith('//') || t.startsWith('#');
}

/** True when the head is JSON behind at least one comment line: the first other line opens a record. */
export function hasLeadingComments(head: string): boolean {
  let comments = 0;
  for (const line of head.split('\n')) {
    if (line.trim() === '') continue;
    if (isCommentLine(line)) {
      comments++;
      continue;
    }
    const t = line.trimStart();
    return comments > 0 && (t.startsWith('{') || t.startsWith('['));
  }
  return false;
}

function blanked(text: string): string {
  return text
    .split('\n')
    .map((l) => (isCommentLine(l) ? '' : l))
    .join('\n');
}

function commentWarning(file: string, lines: number[]): ImportWarning {
  const n = lines.length;
  const named = lines.slice(0, MAX_NAMED).join(', ') + (n > MAX_NAMED ? ` and ${n - MAX_NAMED} more` : '');
  return {
    file,
    line: lines[0],
    reason: `skipped ${n} comment line${n === 1 ? '' : 's'} (not JSON): line${n === 1 ? '' : 's'} ${named}`,
  };
}

/** The source with its comment lines read as blank lines, and one warning naming them. */
export function withoutCommentLines(src: ImportSource): ImportSource {
  let skipped: number[] = [];
  const whole = async (text: string) => {
    skipped = [];
    text.split('\n').forEach((l, i) => {
      if (isCommentLine(l)) skipped.push(i + 1);
    });
    return blanked(text);
  };
  return {
    name: src.name,
    size: src.size,
    head: async () => blanked(await src.head()),
    text: async () => whole(await src.text()),
    bytes: () => src.bytes(),
    lines: async function* () {
      skipped = [];
      let no = 0;
      for await (const batch of src.lines())
        yield batch.map((line) => {
          no++;
          if (!isCommentLine(line)) return line;
          skipped.push(no);
          return '';
        });
    },
    decodeWarnings: () => [
      ...(skipped.length ? [commentWarning(src.name, skipped)] : []),
      ...(src.decodeWarnings?.() ?? []),
    ],
  };
}
