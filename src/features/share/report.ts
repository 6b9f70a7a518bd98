/**
 * A self-contained Markdown report of one replay: what was run on what, the metrics against the
 * labels, the labelled spans, every alarm, and where the run stopped. Pure: the view downloads it.
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { isAlarm, type MetricsSummary } from '../../engine/evaluate';
import type { ReplayResult } from '../../engine/replay';
import type { DetectorEvent } from '../../engine/types';
import type { Label } from '../../model/transcript';
import { changedParams, enabledDetectors, formatValue } from './config-summary';

export interface ReportInput {
  meta: { title: string; format: string; fileName: string; turns: number; calls: number };
  labels: Label[];
  result: ReplayResult;
  metrics: MetricsSummary | null;
  /** The chosen preset's metrics, for the change column. */
  baseline: MetricsSummary | null;
  draft: EngineConfig;
  presetName: string;
  preset: EngineConfig | undefined;
  /** ISO time the report was made (passed in so the output is reproducible). */
  generatedAt: string;
}

const n = (v: number) => v.toLocaleString('en-US');

/** Text for one Markdown table cell: one line, pipes escaped. */
export function cell(s: string): string {
  return s
    .replace(/\r?\n+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

const METRICS: { label: string; value: (m: MetricsSummary) => number | null; fmt?: (v: number) => string }[] = [
  { label: 'Alarms', value: (m) => m.alarms },
  { label: 'True alarms (in a loop span)', value: (m) => m.tp },
  { label: 'False alarms (outside every loop span)', value: (m) => m.fp },
  { label: 'Loop spans caught', value: (m) => m.caught },
  { label: 'Loop spans missed', value: (m) => m.missed },
  { label: 'Premature stops', value: (m) => m.prematureStops },
  { label: 'Mean latency (turns)', value: (m) => m.meanLatency, fmt: (v) => v.toFixed(1) },
  { label: 'Precision', value: (m) => m.precision, fmt: (v) => `${(v * 100).toFixed(1)}%` },
  { label: 'Recall', value: (m) => m.recall, fmt: (v) => `${(v * 100).toFixed(1)}%` },
  { label: 'F1', value: (m) => m.f1, fmt: (v) => `${(v * 100).toFixed(1)}%` },
  { label: 'Tokens wasted in loops before the first alarm', value: (m) => m.tokensWasted, fmt: n },
  { label: 'Tokens saved by the stop', value: (m) => m.tokensSaved, fmt: n },
];

function metricsSection(input: ReportInput): string[] {
  const { metrics: m, baseline: b, presetName } = input;
  if (!m)
    return [
      `No loop labels: false positives and missed loops need them. The run raised ${n(input.result.events.length)} events.`,
    ];
  const rows = METRICS.map((it) => {
    const fmt = it.fmt ?? String;
    const v = it.value(m);
    const bv = b ? it.value(b) : null;
    const d = v === null || bv === null || v === bv ? '' : `${v > bv ? '+' : '−'}${fmt(Math.abs(v - bv))}`;
    return `| ${it.label} | ${v === null ? '—' : fmt(v)} | ${d} |`;
  });
  return [`| Metric | Value | Change vs ${cell(presetName)} |`, '|---|---:|---:|', ...rows];
}

function labelsSection(labels: Label[]): string[] {
  const out = [
    'Labels are the ground truth: an alarm inside a loop span is true, one outside every loop span is false (turns outside every loop span count as legitimate work).',
    '',
  ];
  if (labels.length === 0) return [...out, 'No labels.'];
  return [
    ...out,
    '| Kind | Turns | Note |',
    '|---|---|---|',
    ...labels.map((l) => `| ${l.kind} | ${l.startTurn}–${l.endTurn} | ${cell(l.note ?? '')} |`),
  ];
}

function verdict(
  e: DetectorEvent,
  spans: Label[],
  countAction: ReturnType<typeof resolveConfig>['countAction'],
): string {
  const after = e.afterStop ? ' · after the stop' : '';
  if (!isAlarm(e, countAction)) return `not counted (below ${countAction})${after}`;
  if (spans.length === 0) return `alarm${after}`;
  const s = spans.find((l) => e.turn >= l.startTurn && e.turn <= l.endTurn);
  return (s ? `true (loop ${s.startTurn}–${s.endTurn})` : 'false') + after;
}

function alarmsSection(input: ReportInput, countAction: ReturnType<typeof resolveConfig>['countAction']): string[] {
  const events = input.result.events;
  if (events.length === 0) return ['No detector fired.'];
  const spans = input.labels.filter((l) => l.kind === 'loop');
  return [
    '| Turn | Call | Detector | Action | Level | Verdict | Message |',
    '|---:|---:|---|---|---:|---|---|',
    ...events.map(
      (e) =>
        `| ${e.turn} | ${e.call ?? ''} | ${e.detector} | ${e.action} | ${e.level} | ${verdict(e, spans, countAction)} | ${cell(e.message)} |`,
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
  if (input.metrics)
    lines.push(
      `Tokens saved: ${n(input.metrics.tokensSaved)} (the ${rest} turn${rest === 1 ? '' : 's'} after turn ${stop.turn} would not have run).`,
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
      ? [`Preset \`${presetName}\`, unchanged.`]
      : [
          `Based on preset \`${presetName}\`, with ${changes.length} change${changes.length === 1 ? '' : 's'}:`,
          '',
          ...changes.map((c) => `- \`${c.path}\`: ${formatValue(c.from)} → ${formatValue(c.to)}`),
        ]
    : [`Based on \`${presetName}\`.`];
  return [
    `# Loopscope report: ${cell(meta.title)}`,
    '',
    '| | |',
    '|---|---|',
    `| File | ${cell(meta.fileName)} |`,
    `| Format | ${cell(meta.format)} |`,
    `| Turns / calls | ${n(meta.turns)} / ${n(meta.calls)} |`,
    `| Config | ${cell(draft.name ?? presetName)} |`,
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
