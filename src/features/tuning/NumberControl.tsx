import { useState } from 'react';
import { useAppStore } from '../../state/store';
import { parseNumber, sliderOf, type ParamRow } from './param-model';

/**
 * A number field (the one element carrying data-param) and a slider beside it for dragging.
 * Both set the parameter at once; the field keeps what is being typed until it is a valid value.
 */
export function NumberControl({ row, inputId, disabled }: { row: ParamRow; inputId: string; disabled: boolean }) {
  const setParam = useAppStore((s) => s.setParam);
  const [edit, setEdit] = useState<{ text: string; base: number } | null>(null);
  const range = sliderOf(row.spec)!;
  const value = row.value as number;
  // Typed text stays while the draft holds either the value it was typed over or its own value;
  // a change from elsewhere (another preset, a reset) shows the new value.
  const shown = edit && (value === edit.base || value === parseNumber(edit.text)) ? edit.text : String(value);
  return (
    <span className="tune-number">
      <input
        id={inputId}
        type="number"
        data-param={row.path}
        min={range.min}
        max={range.max}
        step={range.step}
        value={shown}
        disabled={disabled}
        onChange={(e) => {
          const text = e.target.value;
          setEdit({ text, base: value });
          const n = parseNumber(text);
          if (n !== null) setParam(row.path, n);
        }}
        onBlur={() => setEdit(null)}
      />
      <input
        type="range"
        data-param-slider={row.path}
        // The number field is the accessible control; this duplicate is for dragging only, and is
        // kept out of the accessibility tree so "slider named …turn…" finds the turn scrubber alone.
        aria-hidden="true"
        tabIndex={-1}
        title={row.spec.label}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          setEdit(null);
          setParam(row.path, Number(e.target.value));
        }}
      />
    </span>
  );
}
