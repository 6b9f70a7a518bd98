/**
 * The page's windows onto an open transcript: a range of table rows, one turn, the file for
 * download. The page asks for what it shows and never holds the whole transcript.
 */
import { withLabels } from '../engine/compare';
import { loopscopeJsonlLines } from '../import/write-loopscope-jsonl';
import type { JudgeRecord, Label, Turn } from '../model/transcript';
import type { OpenSession } from './open-sessions';
import { rowWindow as cutRows, type TurnRow } from './rows';

/** Table rows [start, end) of the open transcript. */
export function rowWindow({ session, rowStarts }: OpenSession, start: number, end: number): TurnRow[] {
  return cutRows(session.transcript.turns, rowStarts, start, end);
}

/** Turn `turn` (1-based) in full, for the detail pane; undefined past the end. */
export function turnAt(open: OpenSession, turn: number): Turn | undefined {
  return open.session.transcript.turns[turn - 1];
}

/**
 * The open transcript with `labels` as a Loopscope JSONL file, built here in parts; `judge`
 * replaces its judge lines (the judge's cached answers, downloaded without saving them).
 */
export function exportJsonl(open: OpenSession, labels: Label[], judge?: JudgeRecord[]): Blob {
  const labelled = withLabels(open.session.transcript, labels);
  const t = judge ? { ...labelled, judge } : labelled;
  const parts: string[] = [];
  let part = '';
  for (const line of loopscopeJsonlLines(t)) {
    part += line + '\n';
    if (part.length > 1 << 20) {
      parts.push(part);
      part = '';
    }
  }
  parts.push(part);
  return new Blob(parts, { type: 'application/x-ndjson' });
}
