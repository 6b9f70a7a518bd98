import type { CompareTableRow } from './compare-rows';

/** What a click in a row's first cell does (the same for every row). */
export interface RowActions {
  onPick(preset: string): void;
  onLoadSaved(row: string): void;
  onDeleteSaved(row: string): void;
}

/**
 * A compare row's first cell. A preset's name picks it for tuning; "Your config" is the draft
 * (already being tuned); a saved config's name loads it into the draft, and it can be deleted.
 */
export function RowName({
  row,
  current,
  actions: { onPick, onLoadSaved, onDeleteSaved },
}: {
  row: CompareTableRow;
  current: boolean;
  actions: RowActions;
}) {
  const n = row.changes?.length;
  const base = row.basedOn && (
    <span className="row-base" title={n ? row.changes!.join('\n') : undefined}>
      vs {row.basedOn}
      {n === undefined ? '' : n === 0 ? ' · unchanged' : ` · ${n} change${n === 1 ? '' : 's'}`}
    </span>
  );
  if (row.kind === 'yours')
    return (
      <span className="row-name" title="The config being tuned (the Tune tab)">
        {row.preset}
        {base}
      </span>
    );
  if (row.kind === 'saved')
    return (
      <span className="row-name saved">
        <span className="row-line">
          <button
            type="button"
            className="preset-name"
            title="Tune with this saved config"
            onClick={() => onLoadSaved(row.preset)}
          >
            {row.preset}
          </button>
          <button
            type="button"
            className="row-delete"
            aria-label={`Delete ${row.preset}`}
            title="Delete this saved config"
            onClick={() => onDeleteSaved(row.preset)}
          >
            ×
          </button>
        </span>
        {base}
      </span>
    );
  return (
    <button
      type="button"
      className="preset-name"
      title={current ? 'The preset being tuned' : 'Tune with this preset'}
      onClick={() => onPick(row.preset)}
    >
      {row.preset}
    </button>
  );
}
