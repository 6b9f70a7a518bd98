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
import { eachLine } from './source';

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
  /** First line of each session skipped for having no assistant reply, for the warning. */
  const skipped: number[] = [];
  let cur: SessionReader | null = null;
  let curLine = 0;
  let started = false;

  const finish = () => {
    if (!cur) return;
    const after = cur.finish();
    if (cur.turns.length === 0) skipped.push(curLine);
    else
      transcripts.push(
        normalizeTranscript(
          {
            title: titleOf(cur),
            format: AIDER_FORMAT,
            source: file,
            turns: cur.turns,
            after,
            extra: cur.startedAt ? { startedAt: cur.startedAt } : undefined,
          },
          undefined,
          (reason) => warnings.push({ file, line: curLine, reason }),
        ),
      );
  };

  let no = 0;
  for await (const line of eachLine(src.lines())) {
    no++;
    if (ctx.signal?.aborted) throw new DOMException('Import cancelled', 'AbortError');
    if (line.startsWith(SESSION)) {
      finish();
      sessions++;
      started = true;
      cur = new SessionReader(line.slice(SESSION.length).trim());
      curLine = no;
      continue;
    }
    if (!cur) {
      // An Emacs mode line ("-*- mode: fundamental -*-") or blank lines before the first header.
      if (blankLine(line) || (no === 1 && /^-\*-.*-\*-\s*$/.test(line))) continue;
      sessions++;
      cur = new SessionReader(undefined);
      curLine = no;
    }
    cur.feed(line);
  }
  finish();
  if (skipped.length > 0) {
    // One warning, not one per session: a long history has hundreds of command-only sessions.
    const n = skipped.length;
    const at = skipped.slice(0, 5).join(', ') + (n > 5 ? ` and ${n - 5} more` : '');
    warnings.push({
      file,
      line: skipped[0],
      reason: `skipped ${n} of ${sessions} sessions with no assistant reply (only commands or harness output): the session${n === 1 ? '' : 's'} starting at line${n === 1 ? '' : 's'} ${at}`,
    });
  }
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
