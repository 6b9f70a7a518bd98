import { memo, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { sortableFeatures as features } from '../shared/sortable-table';
import { deleteTranscript } from '../../persistence/transcripts';
import type { LibraryRow } from './triage-filter';
import { useLibraryView } from './library-store';
import { TRIAGE_COLUMNS, TriageCell } from './triage-columns';

const col = createColumnHelper<typeof features, LibraryRow>();

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

const columns = col.columns([
  col.accessor('title', {
    header: 'Title',
    cell: (c) => (
      <>
        {c.getValue()}
        {c.row.original.fileLabel !== undefined && (
          <div className="row-file" title={c.row.original.fileName}>
            {c.row.original.fileLabel}
          </div>
        )}
      </>
    ),
  }),
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

/** A row's usual height (measured once drawn: a long title can wrap). */
const ROW_HEIGHT = 37;
/** Rows drawn above and below the visible ones, so a fast scroll shows no blank. */
const OVERSCAN = 10;
/** A library this small is drawn whole (cheap, and the browser's find-in-page sees every run). */
const DRAW_ALL_UP_TO = 100;

const TITLES: Record<string, string> = Object.fromEntries(TRIAGE_COLUMNS.map((c) => [c.id, c.title]));

/**
 * Library rows (already searched and filtered) with their triage figures. A click or Enter opens
 * the run at its first alarm. Only metadata and summaries are here, never turns. Virtualised
 * past DRAW_ALL_UP_TO runs: only the rows in the scroll box (and OVERSCAN around them) are in the DOM, so 1,000 runs cost
 * the page's main thread the layout of a few dozen rows (the rest is padding of the same height).
 * Arrow keys, Home and End move the focus between rows, scrolling as they go.
 */
export const LibraryTable = memo(function LibraryTable({
  rows,
  onOpen,
  busy = false,
}: {
  rows: LibraryRow[];
  /** A triage pass is under way (aria-busy: the figures may still change). */
  busy?: boolean;
  onOpen: (id: number, turn?: number) => void;
}) {
  // In the view's store, not the table: opening a run unmounts the table, and back must find the sort.
  const sorting = useLibraryView((s) => s.sorting);
  const setSorting = useLibraryView((s) => s.setSorting);
  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting },
    onSortingChange: (next) => setSorting(typeof next === 'function' ? next(sorting) : next),
    getRowId: (r) => String(r.id),
  });
  const open = (r: LibraryRow) => onOpen(r.id, r.triage?.firstAlarm ?? undefined);
  const sorted = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: sorted.length <= DRAW_ALL_UP_TO ? DRAW_ALL_UP_TO : OVERSCAN,
    getItemKey: (i) => sorted[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  // A row asked for by the keyboard is focused once it is drawn (it may be off screen until then).
  const focusNext = useRef<number | null>(null);
  useLayoutEffect(() => {
    const i = focusNext.current;
    if (i === null) return;
    const el = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${i}"]`);
    if (el) {
      focusNext.current = null;
      el.focus();
    }
  });
  const moveFocus = (e: KeyboardEvent, from: number) => {
    const to = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: sorted.length - 1 }[e.key];
    if (to === undefined || to < 0 || to >= sorted.length) return;
    e.preventDefault();
    focusNext.current = to;
    virtualizer.scrollToIndex(to, { align: 'auto' });
    const el = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${to}"]`);
    if (el) {
      focusNext.current = null;
      el.focus();
    }
  };
  return (
    <div className="library-scroll" ref={scroller}>
      <div aria-hidden style={{ height: padTop }} />
      <table className="library" aria-label="Library" aria-rowcount={sorted.length + 1} aria-busy={busy}>
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
          {items.map((v) => {
            const r = sorted[v.index];
            return (
              <tr
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                aria-rowindex={v.index + 2}
                onClick={() => open(r.original)}
                // Rows are reached with Tab and opened with Enter, as they are with a click.
                tabIndex={0}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.key === 'Enter') open(r.original);
                  else moveFocus(e, v.index);
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
                      if (confirm(`Delete “${r.original.title}” from the library?`))
                        void deleteTranscript(r.original.id);
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* The rows not drawn, as height: the scroll bar is the whole library's. */}
      <div aria-hidden style={{ height: padBottom }} />
    </div>
  );
});
