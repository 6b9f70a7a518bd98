import type { ParamValue } from '../../engine/params';
import { formatValue } from './param-model';

/** A dot with the preset's value on hover, and a button putting that value back. */
export function DiffMark({
  label,
  presetValue,
  onReset,
}: {
  label: string;
  presetValue: ParamValue | undefined;
  onReset(): void;
}) {
  const was = formatValue(presetValue);
  return (
    <span className="tune-diff">
      <span className="tune-dot" title={`Preset: ${was}`} aria-label={`changed; preset value ${was}`} role="img">
        ●
      </span>
      <button
        type="button"
        className="link"
        title={`Back to the preset's ${was}`}
        aria-label={`Reset ${label} to the preset's ${was}`}
        onClick={onReset}
      >
        reset
      </button>
    </span>
  );
}
