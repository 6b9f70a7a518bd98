/**
 * The turn table's rows, built in the worker a window at a time: the page asks for rows
 * [start, end) and never holds the transcript. One row per call; a turn without calls gets one
 * row of its own. `rowStarts` maps turns to rows so the page can scroll to a turn without them.
 */
import type { Turn } from '../model/transcript';

export interface TurnRow {
  turn: number;
  call?: number;
  name?: string;
  args?: string;
  result?: string;
  isError?: boolean;
  /** The id of the rule that inferred the error (the format had no flag). */
  inferred?: string;
  /** Written as text in the assistant message, not a real call. */
  textual?: true;
  /** Refused by the harness: it never ran. */
  rejected?: true;
  text: string;
}

const MAX_CELL = 300;

function clip(s: string): string {
  return s.length > MAX_CELL ? s.slice(0, MAX_CELL) + '…' : s;
}

/** rowStarts[i] = the first row of turn i + 1; rowStarts[turns.length] = the number of rows. */
export function rowStarts(turns: readonly Turn[]): Int32Array<ArrayBuffer> {
  const out = new Int32Array(turns.length + 1);
  let n = 0;
  for (let i = 0; i < turns.length; i++) {
    out[i] = n;
    n += Math.max(1, turns[i].calls.length);
  }
  out[turns.length] = n;
  return out;
}

/** Index of the turn (0-based) holding `row`: the last i with starts[i] <= row. */
export function turnIndexOfRow(starts: ArrayLike<number>, row: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The rows of one turn (clipped cells, whitespace folded). */
export function rowsOfTurn(turn: Turn): TurnRow[] {
  const text = clip(turn.text.replace(/\s+/g, ' ').trim());
  if (turn.calls.length === 0) return [{ turn: turn.index, text }];
  return turn.calls.map((c, i) => ({
    turn: turn.index,
    call: c.index,
    name: c.name,
    args: clip(typeof c.args === 'string' ? c.args : JSON.stringify(c.args)),
    result: c.result ? clip(c.result.content.replace(/\s+/g, ' ')) : undefined,
    isError: c.result?.isError,
    inferred: c.result?.inferred,
    textual: c.textual,
    rejected: c.rejected,
    text: i === 0 ? text : '',
  }));
}

/** Rows [start, end) of the table, clamped to the rows there are. */
export function rowWindow(turns: readonly Turn[], starts: ArrayLike<number>, start: number, end: number): TurnRow[] {
  const total = starts[starts.length - 1] ?? 0;
  const from = Math.max(0, Math.min(start, total));
  const to = Math.max(from, Math.min(end, total));
  const out: TurnRow[] = [];
  if (from === to) return out;
  for (let t = turnIndexOfRow(starts, from); t < turns.length && starts[t] < to; t++) {
    const rows = rowsOfTurn(turns[t]);
    for (let k = 0; k < rows.length; k++) {
      const r = starts[t] + k;
      if (r >= from && r < to) out.push(rows[k]);
    }
  }
  return out;
}
