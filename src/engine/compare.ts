/** What the workbench shows beside a replay: the change against a preset, and every preset side by side. */
import type { Label, Transcript } from '../model/transcript';
import { resolveConfig, type EngineConfig } from './config';
import { emptyMetrics, evaluate, isAlarm, summarize, type MetricsSummary } from './evaluate';
import { isLabelled } from './labelled';
import { PRESETS } from './presets/index';
import type { ReplayResult } from './replay';
import type { ReplaySession } from './replay-session';
import type { Action, DetectorEvent } from './types';

export function alarmKey(e: DetectorEvent): string {
  return `${e.detector}|${e.turn}|${e.call ?? ''}|${e.action}`;
}

/** Alarms present in `now` but not in `before` (appeared) and the reverse (vanished). */
export function diffAlarms(before: ReplayResult, now: ReplayResult, countAction: Action) {
  const keys = (r: ReplayResult) =>
    new Map(r.events.filter((e) => isAlarm(e, countAction)).map((e) => [alarmKey(e), e]));
  const a = keys(before);
  const b = keys(now);
  return {
    appeared: [...b].filter(([k]) => !a.has(k)).map(([, e]) => e),
    vanished: [...a].filter(([k]) => !b.has(k)).map(([, e]) => e),
  };
}

export function withLabels(t: Transcript, labels: Label[] | undefined): Transcript {
  return labels ? { ...t, labels } : t;
}

/**
 * Metrics of a result, or null when the transcript has no labels to measure against. Progress
 * labels alone are enough: every alarm on a healthy run is a false positive.
 */
export function metricsOf(result: ReplayResult, t: Transcript, countAction: Action): MetricsSummary | null {
  if (!isLabelled(t.labels)) return null;
  return summarize(evaluate(result, t, { countAction }));
}

export interface CompareRow {
  /** The row's name: a preset's, or "Your config" / "Saved: NAME" (see `NamedConfig`). */
  preset: string;
  metrics: MetricsSummary;
  stoppedAt: number | null;
}

/** A config compared beside the presets under a row name of its own (the draft, a saved config). */
export interface NamedConfig {
  name: string;
  config: EngineConfig;
}

/** Each config on one transcript, one row each (metrics are computed even without labels: alarms still count). */
export function compareConfigs(session: ReplaySession, labels: Label[], configs: readonly NamedConfig[]): CompareRow[] {
  const t = withLabels(session.transcript, labels);
  return configs.map(({ name, config }) => {
    const resolved = resolveConfig(config);
    const r = session.run(resolved);
    return {
      preset: name,
      metrics: summarize(evaluate(r, t, { countAction: resolved.countAction })),
      stoppedAt: r.stoppedAt?.turn ?? null,
    };
  });
}

/** Every preset on one transcript. */
export function comparePresets(
  session: ReplaySession,
  labels: Label[],
  presets: EngineConfig[] = PRESETS,
): CompareRow[] {
  return compareConfigs(
    session,
    labels,
    presets.map((p) => ({ name: p.name ?? 'unnamed', config: p })),
  );
}

export { emptyMetrics };
