/** The library's triage columns: what each shows of a run's summary, and how it sorts. */
import type { RunSummary } from '../../engine/run-summary';
import type { Action } from '../../engine/types';
import type { LibraryRow } from './triage-filter';

export interface TriageColumn {
  id: string;
  /** Column header; "Alarms" and "First alarm" are names checks rely on. */
  header: string;
  title: string;
  /** null: nothing to show ("—"). */
  sortValue(s: RunSummary): number | null;
  text(s: RunSummary): string;
}

const dash = '—';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the config does to a run, in the words of the Would column and filter. */
export const ACTION_WORD: Record<Action, string> = { warn: 'warn', block: 'block', terminate: 'stop' };
const RANK: Record<Action, number> = { warn: 1, block: 2, terminate: 3 };

export const TRIAGE_COLUMNS: TriageColumn[] = [
  {
    id: 'alarms',
    header: 'Alarms',
    title:
      'Alarms (events at or above the counted action) under the chosen config, and the loops they are about: alarms of one detector at most 10 turns apart are one loop',
    sortValue: (s) => s.alarms,
    text: (s) => (s.alarms === 0 ? '0' : `${plural(s.loopsSeen, 'loop')} · ${plural(s.alarms, 'alarm')}`),
  },
  {
    id: 'firstAlarm',
    header: 'First alarm',
    title: 'The turn of the first alarm; opening the run puts the cursor there',
    sortValue: (s) => s.firstAlarm,
    text: (s) => (s.firstAlarm === null ? dash : String(s.firstAlarm)),
  },
  {
    id: 'reached',
    header: 'Would',
    title: 'The strongest thing the config would do to the run (warn, block or stop) and the first turn it would',
    // Strongest first, then earliest.
    sortValue: (s) => (s.reached ? RANK[s.reached.action] * 1e9 - s.reached.turn : null),
    text: (s) =>
      s.reached === null
        ? dash
        : `${ACTION_WORD[s.reached.action]} at ${s.reached.turn}` + (s.prematureStop ? ' ⚠' : ''),
  },
  {
    id: 'loops',
    header: 'Loops labelled',
    title: 'Loop spans labelled in this run (— when it has no labels at all)',
    sortValue: (s) => (s.labelled ? s.loops : null),
    text: (s) => (s.labelled ? String(s.loops) : dash),
  },
  {
    id: 'f1',
    header: 'F1',
    title: 'Event-based F1 of this run against its loop labels (— without loop labels)',
    sortValue: (s) => s.f1,
    text: (s) =>
      s.f1 === null ? (s.labelled && s.falseAlarms > 0 ? `${s.falseAlarms} false` : dash) : s.f1.toFixed(2),
  },
];

/** A triage cell: "…" until computed; a tooltip for the premature stop and false alarms. */
export function TriageCell({ column, row }: { column: TriageColumn; row: LibraryRow }) {
  const s = row.triage;
  if (!s)
    return row.triageError ? (
      <span className="triage-error" title={`Could not replay this run: ${row.triageError}`}>
        error
      </span>
    ) : (
      <span className="muted">…</span>
    );
  const note =
    column.id === 'reached' && s.prematureStop
      ? 'The stop falls outside every labelled loop: it would end real work'
      : column.id === 'f1' && s.labelled
        ? `${s.caught} of ${s.loops} loops caught, ${s.falseAlarms} false alarm${s.falseAlarms === 1 ? '' : 's'}`
        : undefined;
  return <span title={note}>{column.text(s)}</span>;
}
