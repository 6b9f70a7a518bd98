/**
 * The compare table's rows and cells: every preset's metrics (and the user's config, and saved
 * configs) on one transcript or summed over the library. Counts that need labels are null (shown
 * —) when there are none to measure against; runs without labels are counted apart.
 */
import type { CompareRow } from '../../engine/compare';
import { emptyMetrics, mergeMetrics, summarize, type Metrics, type MetricsSummary } from '../../engine/evaluate';
import { addUnlabelledRun, emptyUnlabelled, type UnlabelledCounts } from '../../engine/labelled';

export type { UnlabelledCounts };

/** A preset, the config being tuned ("Your config"), or one the user saved ("Saved: NAME"). */
export type RowKind = 'preset' | 'yours' | 'saved';

export interface CompareTableRow {
  /** The row's name, unique in the table: a preset's, "Your config" or "Saved: NAME". */
  preset: string;
  kind: RowKind;
  /** For the user's and saved configs: the preset they started from, which their deltas are against. */
  basedOn?: string;
  /** What the config changes against `basedOn`, one "path: from → to" each. */
  changes?: string[];
  metrics: MetricsSummary;
  /** Whether labels exist: without them false alarms, caught, missed, premature stops and F1 mean nothing. */
  labelled: boolean;
  /** Over the whole library: the runs without labels, counted apart. */
  unlabelled?: UnlabelledCounts;
  /** On one run: the turn the config would stop it at, null when it would not. */
  stoppedAt?: number | null;
  /** Set when the config's numbers mean nothing on this run (why): every cell is n/a. */
  unknown?: string;
}

export type LabelledKey =
  'alarms' | 'caught' | 'missed' | 'fp' | 'cleanFlagged' | 'prematureStops' | 'meanLatency' | 'tokensSaved' | 'f1';
export type UnlabelledKey = 'uAlarms' | 'uAlarmed' | 'uStopped';
export type ColumnKey = LabelledKey | UnlabelledKey | 'stopAt';

export const YOUR_CONFIG = 'Your config';
export const savedRowName = (name: string) => `Saved: ${name}`;

/**
 * `short` is what the narrow side panel shows; `header` is the column's accessible name. F1, the
 * headline, comes first so the side panel shows it without scrolling.
 */
interface Column {
  key: ColumnKey;
  short: string;
  header: string;
  needsLabels: boolean;
  title: string;
}

export const COLUMNS: (Column & { key: LabelledKey })[] = [
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

/** Over the whole library, beside the labelled columns: what the runs without labels did. */
export const UNLABELLED_COLUMNS: (Column & { key: UnlabelledKey })[] = [
  {
    key: 'uAlarms',
    short: 'Alarms',
    header: 'Unlabelled alarms',
    needsLabels: false,
    title: 'Alarms on the runs without labels (neither true nor false without labels)',
  },
  {
    key: 'uAlarmed',
    short: 'Runs alarmed',
    header: 'Unlabelled runs alarmed',
    needsLabels: false,
    title: 'Runs without labels that raised any alarm',
  },
  {
    key: 'uStopped',
    short: 'Would stop',
    header: 'Unlabelled runs stopped',
    needsLabels: false,
    title: 'Runs without labels the config would have stopped (premature or not: no labels tell)',
  },
];

const STOP_AT: Column = {
  key: 'stopAt',
  short: 'Would stop',
  header: 'Would stop at turn',
  needsLabels: false,
  title: 'The turn where the config would have stopped this run (—: it would not)',
};

/**
 * One run without labels: what it can still tell, per config. F1 stays first (n/a) so the
 * columns keep their places when labels are added.
 */
export const BARE_RUN_COLUMNS: Column[] = [
  COLUMNS.find((c) => c.key === 'f1')!,
  COLUMNS.find((c) => c.key === 'alarms')!,
  STOP_AT,
  COLUMNS.find((c) => c.key === 'tokensSaved')!,
];

const ALL_COLUMNS: Column[] = [...COLUMNS, ...UNLABELLED_COLUMNS, STOP_AT];
const UNLABELLED_FIELD: Record<UnlabelledKey, keyof UnlabelledCounts> = {
  uAlarms: 'alarms',
  uAlarmed: 'alarmed',
  uStopped: 'stopped',
};

export function cellValue(row: CompareTableRow, key: ColumnKey): number | null {
  if (row.unknown) return null;
  if (key === 'stopAt') return row.stoppedAt ?? null;
  if (key in UNLABELLED_FIELD) return row.unlabelled?.[UNLABELLED_FIELD[key as UnlabelledKey]] ?? null;
  const col = ALL_COLUMNS.find((c) => c.key === key)!;
  if (col.needsLabels && !row.labelled) return null;
  // Only transcripts without a loop span are clean: none, nothing to flag.
  if (key === 'cleanFlagged' && row.metrics.clean === 0) return null;
  return row.metrics[key as LabelledKey];
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Cell text; token counts are compact (71.5K) to fit the side panel, see `exactCell`. */
export function formatCell(key: ColumnKey, row: CompareTableRow): string {
  const v = cellValue(row, key);
  // Tokens saved need no labels: empty only when the turns after the stop have no token counts.
  // F1 without labels is not 0 or unknown but not applicable.
  if (v === null) return row.unknown || key === 'tokensSaved' || (key === 'f1' && !row.labelled) ? 'n/a' : '—';
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
    if (row.unknown) return row.unknown;
    if (ALL_COLUMNS.find((c) => c.key === key)!.needsLabels && !row.labelled) return 'needs labels';
    if (key === 'cleanFlagged') return 'no transcript without a loop';
    if (key === 'tokensSaved') return 'n/a: the turns after the stop have no token counts';
    if (key === 'stopAt') return 'would not stop';
    return '—';
  }
  if (key === 'stopAt') return `stops at turn ${v.toLocaleString('en-US')}`;
  if (key === 'f1') return v.toFixed(3);
  if (key === 'meanLatency') return `${v.toFixed(2)} turns`;
  if (key === 'fp') return `${v} (${m.alarmsOutsideSpans.toLocaleString('en-US')} alarms outside loops)`;
  if (key === 'cleanFlagged') return `${v} of ${m.clean} transcript${m.clean === 1 ? '' : 's'} without a loop`;
  return v.toLocaleString('en-US');
}

/** How a row other than a preset's is shown and what its deltas are against. */
export interface RowInfo {
  kind: RowKind;
  basedOn?: string;
  /** What the config changes against `basedOn`, one "path: from → to" each. */
  changes?: string[];
}

/** Table rows from the worker's rows; `info` names the rows that are not presets. */
export function tableRows(
  rows: readonly CompareRow[],
  labelled: boolean,
  info: ReadonlyMap<string, RowInfo> = new Map(),
): CompareTableRow[] {
  return rows.map((r) => ({
    preset: r.preset,
    metrics: r.metrics,
    labelled,
    stoppedAt: r.stoppedAt,
    ...(info.get(r.preset) ?? { kind: 'preset' }),
  }));
}

/**
 * Per-row sums over many transcripts (counts add up; ratios come from the sums). Labelled
 * transcripts add to the metrics; the others only to the unlabelled counts.
 */
export class PresetTotals {
  private sums = new Map<string, Metrics>();
  private bare = new Map<string, UnlabelledCounts>();

  add(rows: readonly CompareRow[]): void {
    for (const r of rows) this.sums.set(r.preset, mergeMetrics(this.sums.get(r.preset) ?? emptyMetrics(), r.metrics));
  }

  addUnlabelled(rows: readonly CompareRow[]): void {
    for (const r of rows)
      this.bare.set(
        r.preset,
        addUnlabelledRun(this.bare.get(r.preset) ?? emptyUnlabelled(), r.metrics.alarms, r.stoppedAt !== null),
      );
  }

  /** One row per name seen, labelled sums first; unlabelled counts when any unlabelled run was added. */
  rows(labelled: boolean, info: ReadonlyMap<string, RowInfo> = new Map()): CompareTableRow[] {
    const names = [...new Set([...this.sums.keys(), ...this.bare.keys()])];
    const withBare = this.bare.size > 0;
    return names.map((preset) => ({
      preset,
      metrics: summarize(this.sums.get(preset) ?? emptyMetrics()),
      labelled,
      ...(info.get(preset) ?? { kind: 'preset' as const }),
      ...(withBare ? { unlabelled: this.bare.get(preset) ?? emptyUnlabelled() } : {}),
    }));
  }
}
