import type { Action } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { ACTIONS, addAction, removeAction, replaceAction, type ParamRow } from './param-model';

/** Graduated actions: the n-th detection takes the n-th action, the last one repeats. */
export function ActionsEditor({ row, labelId, disabled }: { row: ParamRow; labelId: string; disabled: boolean }) {
  const setParam = useAppStore((s) => s.setParam);
  const list = row.value as Action[];
  const label = row.spec.label;
  return (
    <div className="tune-actions" role="group" aria-labelledby={labelId} data-param={row.path}>
      <ol>
        {list.map((a, i) => (
          <li key={i} className={`action-${a}`}>
            <select
              aria-label={`${label}, step ${i + 1}`}
              value={a}
              disabled={disabled}
              onChange={(e) => setParam(row.path, replaceAction(list, i, e.target.value as Action))}
            >
              {ACTIONS.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="icon"
              aria-label={`Remove step ${i + 1} of ${label}`}
              disabled={disabled || list.length <= 1}
              onClick={() => setParam(row.path, removeAction(list, i))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="icon"
        aria-label={`Add a step to ${label}`}
        disabled={disabled}
        onClick={() => setParam(row.path, addAction(list))}
      >
        +
      </button>
    </div>
  );
}
