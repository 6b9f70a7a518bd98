/**
 * Deltas of the user's and saved configs against the preset each started from, as the compare
 * table shows them in the row (F1 +0.12, false alarms −3). Arithmetic on the worker's numbers only.
 */
import { cellValue, type ColumnKey, type CompareTableRow } from './compare-rows';

/** Whether a rise in the column is good news, bad news, or neither (alarms: more is not worse by itself). */
const HIGHER_IS: Record<ColumnKey, 'better' | 'worse' | 'neutral'> = {
  f1: 'better',
  caught: 'better',
  tokensSaved: 'better',
  missed: 'worse',
  fp: 'worse',
  cleanFlagged: 'worse',
  prematureStops: 'worse',
  meanLatency: 'worse',
  alarms: 'neutral',
  uAlarms: 'neutral',
  uAlarmed: 'neutral',
  uStopped: 'neutral',
  stopAt: 'neutral',
};

export interface Delta {
  /** Signed, as shown: "+0.12", "−3", "+12.3K". */
  text: string;
  tone: 'better' | 'worse' | 'neutral';
  value: number;
}

/** The preset row a config's deltas are against, when it is in the table. */
export function baseRow(row: CompareTableRow, rows: readonly CompareTableRow[]): CompareTableRow | undefined {
  if (row.kind === 'preset' || !row.basedOn) return undefined;
  return rows.find((r) => r.kind === 'preset' && r.preset === row.basedOn);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function signed(key: ColumnKey, d: number): string {
  const abs = Math.abs(d);
  const body =
    key === 'f1'
      ? abs.toFixed(2)
      : key === 'meanLatency'
        ? abs.toFixed(1)
        : key === 'tokensSaved'
          ? compact.format(abs)
          : abs.toLocaleString('en-US');
  return `${d < 0 ? '−' : '+'}${body}`;
}

/**
 * The change in column `key` from `base` to `row`; null when either has no value there or the
 * change rounds to nothing at the precision the cell shows.
 */
export function columnDelta(key: ColumnKey, row: CompareTableRow, base: CompareTableRow): Delta | null {
  const a = cellValue(row, key);
  const b = cellValue(base, key);
  if (a === null || b === null) return null;
  const d = a - b;
  const text = signed(key, d);
  if (/^[−+]0(\.0+)?$/.test(text)) return null;
  const dir = HIGHER_IS[key];
  return { text, value: d, tone: dir === 'neutral' ? 'neutral' : d > 0 === (dir === 'better') ? 'better' : 'worse' };
}

/** Every column's delta of `row` against the preset it started from (empty for presets). */
export function rowDeltas(
  row: CompareTableRow,
  rows: readonly CompareTableRow[],
  keys: readonly ColumnKey[],
): Partial<Record<ColumnKey, Delta>> {
  const base = baseRow(row, rows);
  if (!base) return {};
  const out: Partial<Record<ColumnKey, Delta>> = {};
  for (const k of keys) {
    const d = columnDelta(k, row, base);
    if (d) out[k] = d;
  }
  return out;
}
