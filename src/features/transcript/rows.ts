import type { Transcript } from '../../model/transcript';

/** One table row per call; a turn without calls gets one row of its own. */
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

export function turnRows(t: Transcript): TurnRow[] {
  const rows: TurnRow[] = [];
  for (const turn of t.turns) {
    const text = clip(turn.text.replace(/\s+/g, ' ').trim());
    if (turn.calls.length === 0) rows.push({ turn: turn.index, text });
    turn.calls.forEach((c, i) =>
      rows.push({
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
      }),
    );
  }
  return rows;
}

/** Index of the first row of a turn (rows are in turn order). */
export function firstRowOfTurn(rows: TurnRow[], turn: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].turn < turn) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
