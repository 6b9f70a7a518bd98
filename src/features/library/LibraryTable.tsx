import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { sortableFeatures as features } from '../shared/sortable-table';
import { db, type TranscriptMeta } from '../../persistence/db';
import { deleteTranscript } from '../../persistence/transcripts';

const col = createColumnHelper<typeof features, TranscriptMeta>();

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const columns = col.columns([
  col.accessor('title', { header: 'Title' }),
  col.accessor('format', { header: 'Format' }),
  col.accessor('turns', { header: 'Turns' }),
  col.accessor('calls', { header: 'Calls' }),
  col.accessor('importedAt', { header: 'Imported at', cell: (c) => dateFmt.format(c.getValue()) }),
]);

/** Every stored transcript; a click opens it. Only metadata is read, never the turns. */
export function LibraryTable({ onOpen }: { onOpen: (id: number) => void }) {
  const rows = useLiveQuery(() => db.transcripts.toArray(), []);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'importedAt', desc: true }]);
  const table = useTable({
    features,
    columns,
    data: rows ?? [],
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (r) => String(r.id),
  });
  if (rows === undefined) return <p className="muted">Opening the library…</p>;
  if (rows.length === 0)
    return <p className="empty">The library is empty. Drop a transcript anywhere on the page, or use Import.</p>;
  return (
    <table className="library" aria-label="Library">
      <thead>
        {table.getHeaderGroups().map((g) => (
          <tr key={g.id}>
            {g.headers.map((h) => (
              <th
                key={h.id}
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
            onClick={() => onOpen(r.original.id)}
            // Rows are reached with Tab and opened with Enter, as they are with a click.
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(r.original.id);
            }}
            className="clickable"
          >
            {r.getAllCells().map((c) => (
              <td key={c.id}>
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
  );
}
