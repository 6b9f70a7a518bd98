import { useState } from 'react';
import { useAppStore } from '../../state/store';
import { parseStrings, type ParamRow } from './param-model';

/** A list of strings as comma-separated text, committed on blur or Enter. */
export function StringsControl({ row, inputId, disabled }: { row: ParamRow; inputId: string; disabled: boolean }) {
  const setParam = useAppStore((s) => s.setParam);
  const joined = (row.value as string[]).join(', ');
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    setParam(row.path, parseStrings(text));
    setText(null);
  };
  return (
    <input
      id={inputId}
      type="text"
      className="tune-strings"
      data-param={row.path}
      value={text ?? joined}
      placeholder="comma, separated"
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}
