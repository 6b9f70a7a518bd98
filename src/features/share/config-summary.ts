/** What a draft changes against its preset, parameter by parameter (for the Share panel and the report). */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';

export interface ParamChange {
  path: string;
  from: unknown;
  to: unknown;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every resolved value that differs, in registry order; a detector switched on or off shows as `.enabled`. */
export function changedParams(draft: EngineConfig, base: EngineConfig | undefined): ParamChange[] {
  if (!base) return [];
  const d = resolveConfig(draft);
  const b = resolveConfig(base);
  const out: ParamChange[] = [];
  if (d.countAction !== b.countAction) out.push({ path: 'countAction', from: b.countAction, to: d.countAction });
  if (d.ignoreTextualCalls !== b.ignoreTextualCalls)
    out.push({ path: 'ignoreTextualCalls', from: b.ignoreTextualCalls, to: d.ignoreTextualCalls });
  for (const def of DETECTOR_DEFS) {
    const dd = d.detectors[def.id];
    const bd = b.detectors[def.id];
    if (dd.enabled !== bd.enabled) out.push({ path: `detectors.${def.id}.enabled`, from: bd.enabled, to: dd.enabled });
    if (!dd.enabled) continue;
    for (const p of def.params)
      if (!same(dd[p.key], bd[p.key]))
        out.push({ path: `detectors.${def.id}.${p.key}`, from: bd[p.key], to: dd[p.key] });
  }
  return out;
}

export function formatValue(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(formatValue).join(', ')}]`;
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? 'unset';
}

export function formatChange(c: ParamChange): string {
  return `${c.path}: ${formatValue(c.from)} → ${formatValue(c.to)}`;
}

/** The detectors a config runs, by id. */
export function enabledDetectors(draft: EngineConfig): string[] {
  const r = resolveConfig(draft);
  return DETECTOR_DEFS.filter((d) => r.detectors[d.id].enabled).map((d) => d.id);
}
