import { useState } from 'react';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { sortableFeatures as features } from '../shared/sortable-table';
import { cellValue, COLUMNS, exactCell, formatCell, type ColumnKey, type CompareTableRow } from './compare-rows';

const col = createColumnHelper<typeof features, CompareTableRow>();

const columns = col.columns([
  col.accessor('preset', { header: 'Preset' }),
  ...COLUMNS.map((c) =>
    col.accessor((r) => cellValue(r, c.key) ?? undefined, {
      id: c.key,
      header: c.short,
      sortUndefined: 'last',
      cell: (info) => formatCell(c.key, info.row.original),
    }),
  ),
]);

const TITLES: Record<string, string> = Object.fromEntries(COLUMNS.map((c) => [c.key, c.title]));
const NAMES: Record<string, string> = Object.fromEntries(COLUMNS.map((c) => [c.key, c.header]));

/** Presets side by side; a click on a name makes it the preset being tuned. */
export function CompareTable({
  rows,
  current,
  onPick,
  caption,
}: {
  rows: CompareTableRow[];
  current: string;
  onPick(preset: string): void;
  caption: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (r) => r.preset,
  });
  return (
    <>
      <div className="compare-scroll">
        <table className="compare-table" aria-label="Presets compared">
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const dir = h.column.getIsSorted();
                  return (
                    <th
                      key={h.id}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                      title={TITLES[h.id]}
                    >
                      <button
                        type="button"
                        className="sort"
                        aria-label={NAMES[h.id]}
                        onClick={h.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={h} />
                        {dir && (
                          <span className="sort-mark" aria-hidden="true">
                            {dir === 'asc' ? '▲' : '▼'}
                          </span>
                        )}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((r) => {
              const isCurrent = r.original.preset === current;
              return (
                <tr
                  key={r.id}
                  className={isCurrent ? 'current' : undefined}
                  aria-current={isCurrent || undefined}
                  data-preset={r.original.preset}
                >
                  {r.getAllCells().map((c) =>
                    c.column.id === 'preset' ? (
                      <th key={c.id} scope="row">
                        <button
                          type="button"
                          className="preset-name"
                          title={isCurrent ? 'The preset being tuned' : 'Tune with this preset'}
                          onClick={() => onPick(r.original.preset)}
                        >
                          {r.original.preset}
                        </button>
                      </th>
                    ) : (
                      <td key={c.id} data-col={c.column.id} title={exactCell(c.column.id as ColumnKey, r.original)}>
                        <table.FlexRender cell={c} />
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="small muted compare-caption">{caption}</p>
    </>
  );
}
