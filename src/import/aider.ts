/**
 * Aider chat history (`.aider.chat.history.md`), read line by line. The layout follows what
 * aider/io.py (Aider-AI/aider) appends to the file:
 *   `# aider chat started at <ts>`  a new session (one transcript each)
 *   `#### <text>  `                 the human's input, one line each (`user_input`)
 *   `> <text>  `                    harness output (`tool_output`/`tool_error`); a multi-line message
 *                                   carries "> " on its first line only and "  " on its last
 *   anything else                   the assistant's reply (`ai_output`), preceded by a blank line
 * How each session becomes turns, calls and context is in aider-session.ts.
 */
import type { ImportWarning, Transcript } from '../model/transcript';
import { normalizeTranscript } from '../model/normalize';
import { ImportError, type ImportContext, type ImportResult, type ImportSource, type Importer } from './types';
import { SessionReader, blankLine } from './aider-session';

export const AIDER_FORMAT = 'aider';
const SESSION = '# aider chat started at ';
const TITLE_REQUEST_CHARS = 60;

function truncate(s: string, n: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

function titleOf(s: SessionReader): string {
  const base = s.startedAt ? `aider ${s.startedAt}` : 'aider (before the first session header)';
  const req = s.firstRequest ?? s.firstInput;
  return req ? `${base} — ${truncate(req, TITLE_REQUEST_CHARS)}` : base;
}

export async function parseAider(src: ImportSource, ctx: ImportContext = {}): Promise<ImportResult> {
  const file = src.name;
  const warnings: ImportWarning[] = [];
  const transcripts: Transcript[] = [];
  let sessions = 0;
  let skipped = 0;
  let cur: SessionReader | null = null;
  let started = false;

  const finish = () => {
    if (!cur) return;
    const after = cur.finish();
    if (cur.turns.length === 0) skipped++;
    else
      transcripts.push(
        normalizeTranscript({
          title: titleOf(cur),
          format: AIDER_FORMAT,
          source: file,
          turns: cur.turns,
          after,
          extra: cur.startedAt ? { startedAt: cur.startedAt } : undefined,
        }),
      );
  };

  let no = 0;
  for await (const line of src.lines()) {
    no++;
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    if (line.startsWith(SESSION)) {
      finish();
      sessions++;
      started = true;
      cur = new SessionReader(line.slice(SESSION.length).trim());
      continue;
    }
    if (!cur) {
      // An Emacs mode line ("-*- mode: fundamental -*-") or blank lines before the first header.
      if (blankLine(line) || (no === 1 && /^-\*-.*-\*-\s*$/.test(line))) continue;
      sessions++;
      cur = new SessionReader(undefined);
    }
    cur.feed(line);
  }
  finish();
  if (skipped > 0)
    warnings.push({
      file,
      reason: `skipped ${skipped} of ${sessions} sessions with no assistant reply (only commands or harness output)`,
    });
  if (transcripts.length === 0)
    throw new ImportError(
      file,
      started || sessions > 0
        ? `none of its ${sessions} aider sessions has an assistant reply`
        : 'no "# aider chat started at" session header and no assistant reply',
    );
  return { format: AIDER_FORMAT, transcripts, warnings };
}

export const aiderImporter: Importer = {
  id: AIDER_FORMAT,
  label: 'Aider chat history',
  matchesName: (name) => /\.aider\.chat\.history\.md$/i.test(name),
  sniff(head) {
    return /^# aider chat started at /m.test(head) ? null : 'no "# aider chat started at" line near the start';
  },
  parse: parseAider,
};
