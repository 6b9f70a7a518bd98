/**
 * The threshold sweep's inputs and outputs: which parameters can be swept, a sensible range of
 * values around the current one, and the metrics as chart rows.
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';
import type { MetricsSummary } from '../../engine/evaluate';
import type { ParamSpec } from '../../engine/params';
import type { DetectorId } from '../../engine/types';

export type NumericSpec = Extract<ParamSpec, { type: 'int' | 'number' }>;

export interface SweepParam {
  /** `detectors.<id>.<key>`, as setParam and sweepOpen take it. */
  path: string;
  detector: DetectorId;
  label: string;
  spec: NumericSpec;
  current: number;
}

/** Every int and number parameter of the detectors enabled in the config, in registry order. */
export function sweepableParams(config: EngineConfig): SweepParam[] {
  const resolved = resolveConfig(config);
  const out: SweepParam[] = [];
  for (const def of DETECTOR_DEFS) {
    const settings = resolved.detectors[def.id];
    if (!settings.enabled) continue;
    for (const spec of def.params)
      if (spec.type === 'int' || spec.type === 'number')
        out.push({
          path: `detectors.${def.id}.${spec.key}`,
          detector: def.id,
          label: `${def.title}: ${spec.label}`,
          spec,
          current: settings[spec.key] as number,
        });
  }
  return out;
}

/** The smallest of 1, 2, 5 × 10^k that is at least `raw` (raw > 0). */
export function niceStep(raw: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw - 1e-12) return roundTo(m * p, decimals(p));
  return 10 * p;
}

/** Digits after the decimal point of a step such as 0.05 (2) or 10 (0). */
export function decimals(x: number): number {
  if (Number.isInteger(x)) return 0;
  const s = String(x);
  const e = s.match(/e-(\d+)$/);
  if (e) return Number(e[1]);
  return s.split('.')[1]?.length ?? 0;
}

export function roundTo(v: number, digits: number): number {
  return Number(v.toFixed(Math.min(12, digits)));
}

export interface SweepRange {
  from: number;
  to: number;
  step: number;
}

/**
 * About `count` values around the current one, inside the spec's bounds: the step is a round
 * tenth of the current value (at least 1 for integers, at least the spec's step for numbers);
 * values fill both sides, spilling to one side where the other hits a bound.
 */
export function defaultSweepRange(spec: NumericSpec, current: number, count = 10): SweepRange {
  const floor = spec.type === 'int' ? 1 : spec.step;
  const raw = Math.abs(current) / 10;
  let step = raw > 0 ? Math.max(floor, niceStep(raw)) : floor;
  if (spec.type === 'int') step = Math.max(1, Math.round(step));
  const eps = 1e-9;
  const low = Math.max(0, Math.floor((current - spec.min) / step + eps));
  const high = Math.max(0, Math.floor((spec.max - current) / step + eps));
  const others = count - 1;
  let below = Math.min(low, Math.floor(others / 2));
  const above = Math.min(high, others - below);
  below = Math.min(low, others - above);
  const d = decimals(step);
  return { from: roundTo(current - below * step, d), to: roundTo(current + above * step, d), step };
}

/** The values from `from` to `to` by `step`, clamped to the spec, at most `cap` of them. */
export function rangeValues(range: SweepRange, spec: NumericSpec, cap = 25): number[] {
  let { from, to, step } = range;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return [];
  if (from > to) [from, to] = [to, from];
  from = Math.min(spec.max, Math.max(spec.min, from));
  to = Math.min(spec.max, Math.max(spec.min, to));
  if (spec.type === 'int') {
    from = Math.ceil(from);
    to = Math.floor(to);
    step = Math.max(1, Math.round(step));
  }
  if (!Number.isFinite(step) || step <= 0) return [from];
  const d = Math.max(decimals(step), decimals(from));
  const out: number[] = [];
  for (let i = 0; out.length < cap; i++) {
    const v = roundTo(from + i * step, d);
    if (v > to + 1e-9) break;
    out.push(v);
  }
  return out;
}

/** Whether two configs differ only in the swept parameter (the sweep is still about this config). */
export function sameExceptParam(a: EngineConfig, b: EngineConfig, path: string): boolean {
  const [, id, key] = path.split('.');
  const probe = (c: EngineConfig) => {
    const r = resolveConfig(c) as unknown as { detectors: Record<string, Record<string, unknown>> };
    if (r.detectors[id]) r.detectors[id] = { ...r.detectors[id], [key]: null };
    return JSON.stringify(r);
  };
  return probe(a) === probe(b);
}

export interface SweepRow {
  value: number;
  alarms: number;
  /** Alarms inside / outside loop spans. */
  alarmsIn: number | null;
  alarmsOut: number | null;
  /** False alarms: episodes of alarms outside every loop span. */
  fp: number | null;
  missed: number | null;
  /** Clean transcripts (no loop span) that raised any alarm; null when none is clean. */
  cleanFlagged: number | null;
  /** Mean turns from a loop's start to its first alarm, 2 decimals. */
  latency: number | null;
  /** 3 decimals. */
  f1: number | null;
}

/** Chart rows of a sweep; without labels only alarms mean anything. */
export function sweepRows(
  points: readonly { value: unknown; metrics: MetricsSummary }[],
  labelled: boolean,
): SweepRow[] {
  return points.map(({ value, metrics: m }) => ({
    value: Number(value),
    alarms: m.alarms,
    alarmsIn: labelled ? m.alarmsInSpans : null,
    alarmsOut: labelled ? m.alarmsOutsideSpans : null,
    fp: labelled ? m.fp : null,
    missed: labelled ? m.missed : null,
    cleanFlagged: labelled && m.clean > 0 ? m.cleanFlagged : null,
    latency: labelled && m.meanLatency !== null ? roundTo(m.meanLatency, 2) : null,
    f1: labelled && m.f1 !== null ? roundTo(m.f1, 3) : null,
  }));
}
