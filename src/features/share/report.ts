/**
 * A self-contained Markdown report of one replay: what was run on what, the metrics against the
 * labels, the labelled spans, every alarm, and where the run stopped. Pure: the view downloads it.
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { falseAlarmEpisodes, inLoopSpan, isAlarm, type MetricsSummary } from '../../engine/evaluate';
import type { ReplayResult } from '../../engine/replay';
import type { DetectorEvent } from '../../engine/types';
import type { Label } from '../../model/transcript';
import { changedParams, enabledDetectors, formatValue } from './config-summary';
import { exportName } from './export-name';
import { mdCode, mdText } from '../../export/escape/markdown';

export interface ReportInput {
  meta: { title: string; format: string; fileName: string; turns: number; calls: number };
  labels: Label[];
  /** What the report reads of a replay (the page gets the worker's PageResult, which has these). */
  result: Pick<ReplayResult, 'events' | 'stoppedAt'>;
  metrics: MetricsSummary | null;
  /** The chosen preset's metrics, for the change column. */
  baseline: MetricsSummary | null;
  draft: EngineConfig;
  presetName: string;
  preset: EngineConfig | undefined;
  /** ISO time the report was made (passed in so the output is reproducible). */
  generatedAt: string;
  /** What the config needs and the run lacks (workbench/data-gaps.ts), said under the metrics. */
  gaps?: string[];
  /** Set (why) when only data the run lacks could make the config fire: every metric is n/a. */
  unknown?: string;
}

const n = (v: number) => v.toLocaleString('en-US');

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** Event-based scores (docs/design.md, section 5), F1 first. Null shows as —, or n/a for tokens. */
const METRICS: {
  label: string;
  value: (m: MetricsSummary) => number | null;
  fmt?: (v: number) => string;
  none?: string;
}[] = [
  { label: 'F1', value: (m) => m.f1, fmt: pct },
  { label: 'Precision (caught / (caught + false alarms))', value: (m) => m.precision, fmt: pct },
  { label: 'Recall (caught / loop spans)', value: (m) => m.recall, fmt: pct },
  { label: 'Loop spans caught', value: (m) => m.caught },
  { label: 'Loop spans missed', value: (m) => m.missed },
  { label: 'False alarms (episodes outside every loop span)', value: (m) => m.fp },
  { label: 'Clean run flagged (no loop span, any alarm)', value: (m) => (m.clean ? m.cleanFlagged : null) },
  { label: 'Premature stops', value: (m) => m.prematureStops },
  { label: 'Mean latency (turns)', value: (m) => m.meanLatency, fmt: (v) => v.toFixed(1) },
  { label: 'Alarms', value: (m) => m.alarms },
  { label: 'Alarms in loop spans', value: (m) => m.alarmsInSpans },
  { label: 'Alarms outside every loop span', value: (m) => m.alarmsOutsideSpans },
  { label: 'Tokens wasted in loops before the first alarm', value: (m) => m.tokensWasted, fmt: n, none: 'n/a' },
  { label: 'Tokens saved by the stop', value: (m) => m.tokensSaved, fmt: n, none: 'n/a' },
];

function metricsSection(input: ReportInput): string[] {
  const warnings = (input.gaps ?? []).map((g) => `> ⚠ ${g}`);
  return [...metricsTable(input), ...(warnings.length ? ['', ...warnings] : [])];
}

function metricsTable(input: ReportInput): string[] {
  const { metrics: m, baseline: b, presetName, unknown } = input;
  if (!m)
    return [
      `No labels: false alarms and missed loops need them. ${unknown ? `Events: ${unknown}.` : `The run raised ${n(input.result.events.length)} events.`}`,
    ];
  const rows = METRICS.map((it) => {
    const fmt = it.fmt ?? String;
    if (unknown) return `| ${it.label} | n/a |  |`;
    const v = it.value(m);
    const bv = b ? it.value(b) : null;
    const d = v === null || bv === null || v === bv ? '' : `${v > bv ? '+' : '−'}${fmt(Math.abs(v - bv))}`;
    return `| ${it.label} | ${v === null ? (it.none ?? '—') : fmt(v)} | ${d} |`;
  });
  return [`| Metric | Value | Change vs ${mdText(presetName)} |`, '|---|---:|---:|', ...rows];
}

function labelsSection(labels: Label[]): string[] {
  const out = [
    'Labels are the ground truth: a loop span with an alarm inside is caught, one without is missed; alarms outside every loop span are false, and such alarms at most 2 turns apart are one false alarm (turns outside every loop span count as legitimate work).',
    '',
  ];
  if (labels.length === 0) return [...out, 'No labels.'];
  return [
    ...out,
    '| Kind | Turns | Note |',
    '|---|---|---|',
    ...labels.map((l) => `| ${l.kind} | ${l.startTurn}–${l.endTurn} | ${mdText(l.note ?? '')} |`),
  ];
}

function alarmsSection(input: ReportInput, countAction: ReturnType<typeof resolveConfig>['countAction']): string[] {
  const events = input.result.events;
  if (events.length === 0) return ['No detector fired.'];
  const spans = input.labels.filter((l) => l.kind === 'loop');
  const outside = events.filter((e) => isAlarm(e, countAction) && !inLoopSpan(e.turn, spans)).map((e) => e.turn);
  const episodes = falseAlarmEpisodes(outside);
  const verdict = (e: DetectorEvent): string => {
    const after = e.afterStop ? ' · after the stop' : '';
    if (!isAlarm(e, countAction)) return `not counted (below ${countAction})${after}`;
    if (input.labels.length === 0) return `alarm${after}`;
    const s = spans.find((l) => e.turn >= l.startTurn && e.turn <= l.endTurn);
    if (s) return `true (loop ${s.startTurn}–${s.endTurn})${after}`;
    const i = episodes.findIndex((p) => e.turn >= p.startTurn && e.turn <= p.endTurn);
    return `false (false alarm ${i + 1})${after}`;
  };
  return [
    '| Turn | Call | Detector | Action | Level | Verdict | Message |',
    '|---:|---:|---|---|---:|---|---|',
    ...events.map(
      (e) =>
        `| ${e.turn} | ${e.call ?? ''} | ${e.detector} | ${e.action} | ${e.level} | ${verdict(e)} | ${mdText(e.message)} |`,
    ),
  ];
}

function stopSection(input: ReportInput): string[] {
  const stop = input.result.stoppedAt;
  if (!stop) return ['The run was not stopped: no detector terminated it.'];
  const by = input.result.events.find((e) => e.action === 'terminate' && !e.afterStop);
  const where = stop.call === undefined ? `turn ${stop.turn}` : `turn ${stop.turn}, call ${stop.call}`;
  const lines = [`The run stopped at ${where}${by ? ` (${by.detector} terminated it)` : ''}.`];
  const rest = input.meta.turns - stop.turn;
  const saved = input.unknown ? null : input.metrics?.tokensSaved;
  if (input.metrics)
    lines.push(
      `Tokens saved: ${saved === null || saved === undefined ? 'n/a, no token counts' : n(saved)} (the ${rest} turn${rest === 1 ? '' : 's'} after turn ${stop.turn} would not have run).`,
    );
  else lines.push(`${rest} turn${rest === 1 ? '' : 's'} after turn ${stop.turn} would not have run.`);
  return lines;
}

export function buildReport(input: ReportInput): string {
  const { meta, draft, presetName, preset } = input;
  const resolved = resolveConfig(draft);
  const changes = changedParams(draft, preset);
  const configLines = preset
    ? changes.length === 0
      ? [`Preset ${mdCode(presetName)}, unchanged.`]
      : [
          `Based on preset ${mdCode(presetName)}, with ${changes.length} change${changes.length === 1 ? '' : 's'}:`,
          '',
          ...changes.map((c) => `- \`${c.path}\`: ${mdText(formatValue(c.from))} → ${mdText(formatValue(c.to))}`),
        ]
    : [`Based on ${mdCode(presetName)}.`];
  return [
    `# Loopscope report: ${mdText(meta.title)}`,
    '',
    '| | |',
    '|---|---|',
    `| File | ${mdText(meta.fileName)} |`,
    `| Format | ${mdText(meta.format)} |`,
    `| Turns / calls | ${n(meta.turns)} / ${n(meta.calls)} |`,
    `| Config | ${mdText(exportName(draft, presetName))} |`,
    `| Detectors | ${enabledDetectors(draft).join(', ') || 'none'} |`,
    `| Alarms count from | ${resolved.countAction} |`,
    `| Generated | ${input.generatedAt} |`,
    '',
    '## Config',
    '',
    ...configLines,
    '',
    '## Metrics',
    '',
    ...metricsSection(input),
    '',
    '## Labelled spans',
    '',
    ...labelsSection(input.labels),
    '',
    `## Alarms (${input.result.events.length})`,
    '',
    ...alarmsSection(input, resolved.countAction),
    '',
    '## Where the run stopped',
    '',
    ...stopSection(input),
    '',
  ].join('\n');
}
