import { useAppStore } from '../../state/store';
import { ActionsEditor } from './ActionsEditor';
import { DiffMark } from './DiffMark';
import { NumberControl } from './NumberControl';
import type { ParamRow } from './param-model';
import { StringsControl } from './StringsControl';

/** One parameter: its label, the control for its type, and whether it differs from the preset. */
export function ParamControl({ row, disabled }: { row: ParamRow; disabled: boolean }) {
  const setParam = useAppStore((s) => s.setParam);
  const { spec, path } = row;
  const inputId = `param-${path.replaceAll('.', '-')}`;
  const labelId = `${inputId}-label`;
  const helpId = spec.help ? `${inputId}-help` : undefined;
  let control;
  switch (spec.type) {
    case 'int':
    case 'number':
      control = <NumberControl row={row} inputId={inputId} disabled={disabled} />;
      break;
    case 'boolean':
      control = (
        <input
          id={inputId}
          type="checkbox"
          data-param={path}
          checked={row.value as boolean}
          disabled={disabled}
          aria-describedby={helpId}
          onChange={(e) => setParam(path, e.target.checked)}
        />
      );
      break;
    case 'enum':
      control = (
        <select
          id={inputId}
          data-param={path}
          value={row.value as string}
          disabled={disabled}
          onChange={(e) => setParam(path, e.target.value)}
        >
          {spec.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'strings':
      control = <StringsControl row={row} inputId={inputId} disabled={disabled} />;
      break;
    case 'actions':
      control = <ActionsEditor row={row} labelId={labelId} disabled={disabled} />;
      break;
  }
  return (
    <div className={`tune-param type-${spec.type}${row.differs ? ' differs' : ''}`}>
      <div className="tune-param-head">
        {spec.type === 'actions' ? (
          <span id={labelId} className="tune-label">
            {spec.label}
          </span>
        ) : (
          <label id={labelId} htmlFor={inputId} className="tune-label">
            {spec.label}
          </label>
        )}
        {row.differs && (
          <DiffMark label={spec.label} presetValue={row.presetValue} onReset={() => setParam(path, row.presetValue)} />
        )}
      </div>
      {control}
      {spec.help && (
        <p id={helpId} className="tune-help">
          {spec.help}
        </p>
      )}
    </div>
  );
}
