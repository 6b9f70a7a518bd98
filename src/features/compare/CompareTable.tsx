import { useMemo, useState } from 'react';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { sortableFeatures as features } from '../shared/sortable-table';
import { rowDeltas } from './compare-deltas';
import {
  BARE_RUN_COLUMNS,
  cellValue,
  COLUMNS,
  exactCell,
  formatCell,
  UNLABELLED_COLUMNS,
  type ColumnKey,
  type CompareTableRow,
} from './compare-rows';
import { RowName, type RowActions } from './RowName';

const col = createColumnHelper<typeof features, CompareTableRow>();

function columnsFor(keys: readonly { key: ColumnKey; short: string }[]) {
  return col.columns([
    col.accessor('preset', { header: 'Preset' }),
    ...keys.map((c) =>
      col.accessor((r) => cellValue(r, c.key) ?? undefined, {
        id: c.key,
        header: c.short,
        sortUndefined: 'last',
      }),
    ),
  ]);
}

const LABELLED_ONLY = columnsFor(COLUMNS);
const WITH_UNLABELLED = columnsFor([...COLUMNS, ...UNLABELLED_COLUMNS]);
const BARE_RUN = columnsFor(BARE_RUN_COLUMNS);
const ALL = [...COLUMNS, ...UNLABELLED_COLUMNS, ...BARE_RUN_COLUMNS.filter((c) => c.key === 'stopAt')];
const TITLES: Record<string, string> = Object.fromEntries(ALL.map((c) => [c.key, c.title]));
const NAMES: Record<string, string> = Object.fromEntries(ALL.map((c) => [c.key, c.header]));
const KEYS = ALL.map((c) => c.key);

/** Over the whole library: how many runs each column group counts. */
export interface RunCounts {
  labelled: number;
  unlabelled: number;
}

/**
 * Presets side by side, with the user's and saved configs and their deltas against the preset
 * they started from; a click on a preset's name makes it the preset being tuned.
 */
export function CompareTable({
  rows,
  current,
  actions,
  caption,
  runs,
  bare = false,
}: {
  rows: CompareTableRow[];
  current: string;
  actions: RowActions;
  caption: string;
  /** Set when runs without labels are counted apart (their columns are shown). */
  runs?: RunCounts;
  /** One run without labels: F1 (n/a), alarms, the stop turn and tokens saved only. */
  bare?: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  // Unsorted, the user's and saved configs come first: what is being tuned is seen without scrolling.
  const data = useMemo(
    () => [...rows.filter((r) => r.kind !== 'preset'), ...rows.filter((r) => r.kind === 'preset')],
    [rows],
  );
  const lastExtra = sorting.length === 0 ? data.filter((r) => r.kind !== 'preset').at(-1)?.preset : undefined;
  const table = useTable({
    features,
    columns: runs ? WITH_UNLABELLED : bare ? BARE_RUN : LABELLED_ONLY,
    data,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (r) => r.preset,
  });
  const deltas = useMemo(() => new Map(rows.map((r) => [r.preset, rowDeltas(r, rows, KEYS)])), [rows]);
  return (
    <>
      <div className="compare-scroll">
        <table className="compare-table" aria-label="Presets compared">
          <thead>
            {runs && (
              <tr className="compare-groups">
                <th aria-hidden="true" />
                <th colSpan={COLUMNS.length} scope="colgroup">
                  Labelled: {plural(runs.labelled, 'run')}
                </th>
                <th colSpan={UNLABELLED_COLUMNS.length} scope="colgroup" className="unlabelled">
                  Without labels: {plural(runs.unlabelled, 'run')}
                </th>
              </tr>
            )}
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const dir = h.column.getIsSorted();
                  return (
                    <th
                      key={h.id}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                      title={TITLES[h.id]}
                      className={h.id.startsWith('u') && h.id !== 'preset' ? 'unlabelled' : undefined}
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
              const row = r.original;
              const isCurrent = row.kind === 'preset' && row.preset === current;
              const d = deltas.get(row.preset) ?? {};
              return (
                <tr
                  key={r.id}
                  className={
                    [
                      isCurrent && 'current',
                      row.kind !== 'preset' && row.kind,
                      row.preset === lastExtra && 'extra-last',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  aria-current={isCurrent || undefined}
                  data-preset={row.preset}
                >
                  {r.getAllCells().map((c) => {
                    if (c.column.id === 'preset')
                      return (
                        <th key={c.id} scope="row">
                          <RowName row={row} current={isCurrent} actions={actions} />
                        </th>
                      );
                    const key = c.column.id as ColumnKey;
                    const delta = d[key];
                    const exact = exactCell(key, row);
                    return (
                      <td
                        key={c.id}
                        data-col={key}
                        className={key.startsWith('u') ? 'unlabelled' : undefined}
                        title={delta ? `${exact} (${delta.text} vs ${row.basedOn})` : exact}
                      >
                        <span className="v">{formatCell(key, row)}</span>
                        {delta && <span className={`cell-delta ${delta.tone}`}>{delta.text}</span>}
                      </td>
                    );
                  })}
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

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}
