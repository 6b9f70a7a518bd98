import type { ReactNode, SelectHTMLAttributes } from 'react';

/**
 * A select over a list of string choices, each shown as itself or as `label` words it; `first`
 * options (an "all", a "Your config") come before them. One component for the toolbars' and Tune's plain selects.
 */
export function ChoiceSelect<T extends string>({
  value,
  choices,
  onChoose,
  first,
  label = (c) => c,
  ...rest
}: {
  value: T;
  choices: readonly T[];
  onChoose(value: T): void;
  first?: ReactNode;
  label?: (choice: T) => string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  return (
    <select {...rest} value={value} onChange={(e) => onChoose(e.target.value as T)}>
      {first}
      {choices.map((c) => (
        <option key={c} value={c}>
          {label(c)}
        </option>
      ))}
    </select>
  );
}
