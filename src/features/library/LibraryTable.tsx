import { memo, useState } from 'react';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { sortableFeatures as features } from '../shared/sortable-table';
import { deleteTranscript } from '../../persistence/transcripts';
import type { LibraryRow } from './triage-filter';
import { TRIAGE_COLUMNS, TriageCell } from './triage-columns';

const col = createColumnHelper<typeof features, LibraryRow>();

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

const columns = col.columns([
  col.accessor('title', { header: 'Title' }),
  col.accessor('format', { header: 'Format' }),
  col.accessor('turns', { header: 'Turns' }),
  col.accessor('calls', { header: 'Calls' }),
  ...TRIAGE_COLUMNS.map((c) =>
    col.accessor((r) => (r.triage ? (c.sortValue(r.triage) ?? undefined) : undefined), {
      id: c.id,
      header: c.header,
      sortUndefined: 'last',
      cell: (info) => <TriageCell column={c} row={info.row.original} />,
    }),
  ),
  col.accessor('importedAt', { header: 'Imported at', cell: (c) => dateFmt.format(c.getValue()) }),
]);

const TITLES: Record<string, string> = Object.fromEntries(TRIAGE_COLUMNS.map((c) => [c.id, c.title]));

/**
 * Library rows (already searched and filtered) with their triage figures. A click or Enter opens
 * the run at its first alarm. Only metadata and summaries are here, never turns.
 */
export const LibraryTable = memo(function LibraryTable({
  rows,
  onOpen,
}: {
  rows: LibraryRow[];
  onOpen: (id: number, turn?: number) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'importedAt', desc: true }]);
  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (r) => String(r.id),
  });
  const open = (r: LibraryRow) => onOpen(r.id, r.triage?.firstAlarm ?? undefined);
  return (
    <div className="library-scroll">
      <table className="library" aria-label="Library">
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th
                  key={h.id}
                  title={TITLES[h.id]}
                  aria-sort={
                    h.column.getIsSorted() === 'asc'
                      ? 'ascending'
                      : h.column.getIsSorted() === 'desc'
                        ? 'descending'
                        : 'none'
                  }
                >
                  <button type="button" className="sort" onClick={h.column.getToggleSortingHandler()}>
                    <table.FlexRender header={h} />
                    {{ asc: ' ▲', desc: ' ▼' }[h.column.getIsSorted() as string] ?? ''}
                  </button>
                </th>
              ))}
              <th aria-label="Actions" />
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr
              key={r.id}
              onClick={() => open(r.original)}
              // Rows are reached with Tab and opened with Enter, as they are with a click.
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) open(r.original);
              }}
              className={r.original.stale ? 'clickable stale' : 'clickable'}
              title={
                r.original.triage?.firstAlarm
                  ? `Open at the first alarm (turn ${r.original.triage.firstAlarm})`
                  : 'Open at turn 1 (no alarm)'
              }
            >
              {r.getAllCells().map((c) => (
                <td
                  key={c.id}
                  className={
                    c.column.id === 'title' ? 'title' : c.column.id === 'importedAt' ? 'imported' : 'num-or-chip'
                  }
                >
                  <table.FlexRender cell={c} />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  aria-label={`Delete ${r.original.title}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (confirm(`Delete “${r.original.title}” from the library?`)) void deleteTranscript(r.original.id);
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
