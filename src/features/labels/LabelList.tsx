import type { Label } from '../../model/transcript';
import { describeRange } from './label-range';

/** The transcript's labels, each with a jump to its first turn and a delete. */
export function LabelList({
  labels,
  onGoTo,
  onDelete,
}: {
  labels: Label[];
  onGoTo: (turn: number) => void;
  onDelete: (index: number) => void;
}) {
  if (labels.length === 0) return <p className="muted small">No labels yet.</p>;
  return (
    <ul className="label-list" aria-label="Labels">
      {labels.map((l, i) => {
        const where = describeRange([l.startTurn, l.endTurn]);
        return (
          <li key={`${l.startTurn}-${l.endTurn}-${l.kind}`} className={`label-item ${l.kind}`}>
            <span className={`chip ${l.kind}`}>{l.kind}</span>
            <span className="label-turns">{where}</span>
            {l.note && (
              <span className="label-note" title={l.note}>
                {l.note}
              </span>
            )}
            <span className="label-actions">
              <button type="button" aria-label={`Go to turn ${l.startTurn}`} onClick={() => onGoTo(l.startTurn)}>
                Go to
              </button>
              <button type="button" aria-label={`Delete ${l.kind} label, ${where}`} onClick={() => onDelete(i)}>
                Delete
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
