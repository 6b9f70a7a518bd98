/**
 * The compare table's rows and cells: every preset's metrics on one transcript or summed over
 * the library. Counts that need labels are null (shown —) when there are none to measure against.
 */
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, mergeMetrics, summarize, type Metrics, type MetricsSummary } from '../../engine/evaluate';

export interface CompareTableRow {
  preset: string;
  metrics: MetricsSummary;
  /** Whether labels exist: without them false alarms, caught, missed, premature stops and F1 mean nothing. */
  labelled: boolean;
}

export type ColumnKey =
  'alarms' | 'caught' | 'missed' | 'fp' | 'cleanFlagged' | 'prematureStops' | 'meanLatency' | 'tokensSaved' | 'f1';

/**
 * `short` is what the narrow side panel shows; `header` is the column's accessible name. F1, the
 * headline, comes first so the side panel shows it without scrolling.
 */
export const COLUMNS: { key: ColumnKey; short: string; header: string; needsLabels: boolean; title: string }[] = [
  {
    key: 'f1',
    short: 'F1',
    header: 'F1',
    needsLabels: true,
    title: 'F1 from loops caught (precision: caught / (caught + false alarms)) and missed (recall: caught / loops)',
  },
  {
    key: 'alarms',
    short: 'Alarms',
    header: 'Alarms',
    needsLabels: false,
    title: 'Events at or above the counted action',
  },
  {
    key: 'caught',
    short: 'Caught',
    header: 'Caught',
    needsLabels: true,
    title: 'Labelled loops with at least one alarm',
  },
  { key: 'missed', short: 'Missed', header: 'Missed', needsLabels: true, title: 'Labelled loops without any alarm' },
  {
    key: 'fp',
    short: 'FP',
    header: 'False alarms',
    needsLabels: true,
    title: 'False alarms: episodes of alarms outside every labelled loop (alarms at most 2 turns apart are one)',
  },
  {
    key: 'cleanFlagged',
    short: 'Clean flagged',
    header: 'Clean runs flagged',
    needsLabels: true,
    title: 'Transcripts without a labelled loop that raised any alarm',
  },
  {
    key: 'prematureStops',
    short: 'Early stops',
    header: 'Premature stops',
    needsLabels: true,
    title: 'Premature stops: runs stopped outside every labelled loop',
  },
  {
    key: 'meanLatency',
    short: 'Latency',
    header: 'Mean latency',
    needsLabels: true,
    title: 'Mean latency: turns from a loop’s start to its first alarm',
  },
  {
    key: 'tokensSaved',
    short: 'Tokens saved',
    header: 'Tokens saved',
    needsLabels: false,
    title: 'Tokens after the stop (n/a: those turns have no token counts)',
  },
];

export function cellValue(row: CompareTableRow, key: ColumnKey): number | null {
  const col = COLUMNS.find((c) => c.key === key)!;
  if (col.needsLabels && !row.labelled) return null;
  // Only transcripts without a loop span are clean: none, nothing to flag.
  if (key === 'cleanFlagged' && row.metrics.clean === 0) return null;
  return row.metrics[key];
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Cell text; token counts are compact (71.5K) to fit the side panel, see `exactCell`. */
export function formatCell(key: ColumnKey, row: CompareTableRow): string {
  const v = cellValue(row, key);
  // Tokens saved need no labels: empty only when the turns after the stop have no token counts.
  if (v === null) return key === 'tokensSaved' ? 'n/a' : '—';
  if (key === 'f1') return v.toFixed(2);
  if (key === 'meanLatency') return v.toFixed(1);
  if (key === 'tokensSaved') return compact.format(v);
  return v.toLocaleString('en-US');
}

/** The exact value, or why there is none, for the cell's tooltip. */
export function exactCell(key: ColumnKey, row: CompareTableRow): string {
  const v = cellValue(row, key);
  const m = row.metrics;
  if (v === null) {
    if (COLUMNS.find((c) => c.key === key)!.needsLabels && !row.labelled) return 'needs labels';
    if (key === 'cleanFlagged') return 'no transcript without a loop';
    if (key === 'tokensSaved') return 'n/a: the turns after the stop have no token counts';
    return '—';
  }
  if (key === 'f1') return v.toFixed(3);
  if (key === 'meanLatency') return `${v.toFixed(2)} turns`;
  if (key === 'fp') return `${v} (${m.alarmsOutsideSpans.toLocaleString('en-US')} alarms outside loops)`;
  if (key === 'cleanFlagged') return `${v} of ${m.clean} transcript${m.clean === 1 ? '' : 's'} without a loop`;
  return v.toLocaleString('en-US');
}

export function tableRows(rows: readonly CompareRow[], labelled: boolean): CompareTableRow[] {
  return rows.map((r) => ({ preset: r.preset, metrics: r.metrics, labelled }));
}

/** Per-preset sums over many transcripts (counts add up; ratios come from the sums). */
export class PresetTotals {
  private sums = new Map<string, Metrics>();

  add(rows: readonly CompareRow[]): void {
    for (const r of rows) this.sums.set(r.preset, mergeMetrics(this.sums.get(r.preset) ?? emptyMetrics(), r.metrics));
  }

  rows(labelled: boolean): CompareTableRow[] {
    return [...this.sums].map(([preset, m]) => ({ preset, metrics: summarize(m), labelled }));
  }
}
