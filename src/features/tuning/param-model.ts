/**
 * What the Tune tab shows for each detector: its parameters as the draft has them, the preset's
 * values beside them, and which differ. Pure: the view only renders these rows.
 */
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';
import type { DetectorDef, ParamSpec, ParamValue } from '../../engine/params';
import type { Action } from '../../engine/types';

export interface ParamRow {
  spec: ParamSpec;
  /** `detectors.<id>.<key>`, as carried by the control's data-param. */
  path: string;
  value: ParamValue;
  /** The preset's value, or undefined when there is no preset to compare with. */
  presetValue: ParamValue | undefined;
  differs: boolean;
}

export interface DetectorRow {
  def: DetectorDef;
  enabled: boolean;
  presetEnabled: boolean | undefined;
  enabledDiffers: boolean;
  params: ParamRow[];
  /** How many settings (enabled included) differ from the preset. */
  changed: number;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  return Object.is(a, b);
}

/** Every detector in registry order, resolved against its defaults. */
export function detectorRows(draft: EngineConfig, preset: EngineConfig | undefined): DetectorRow[] {
  const d = resolveConfig(draft).detectors;
  const p = preset ? resolveConfig(preset).detectors : undefined;
  return DETECTOR_DEFS.map((def) => {
    const mine = d[def.id];
    const theirs = p?.[def.id];
    const params = def.params.map((spec): ParamRow => {
      const value = mine[spec.key];
      const presetValue = theirs?.[spec.key];
      return {
        spec,
        path: `detectors.${def.id}.${spec.key}`,
        value,
        presetValue,
        differs: theirs !== undefined && !sameValue(value, presetValue),
      };
    });
    const enabledDiffers = theirs !== undefined && theirs.enabled !== mine.enabled;
    return {
      def,
      enabled: mine.enabled,
      presetEnabled: theirs?.enabled,
      enabledDiffers,
      params,
      changed: params.filter((r) => r.differs).length + (enabledDiffers ? 1 : 0),
    };
  });
}

/** A value as text, for the "preset: …" hints. */
export function formatValue(v: ParamValue | undefined): string {
  if (v === undefined) return '—';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '(none)';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  return String(v);
}

/** The comma-separated text of a strings parameter, as a list (blank items dropped). */
export function parseStrings(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A number typed into a field, or null while it is not one yet (empty, "-", "1e"). */
export function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Slider bounds and step of a numeric parameter. */
export function sliderOf(spec: ParamSpec): { min: number; max: number; step: number } | null {
  if (spec.type === 'int') return { min: spec.min, max: spec.max, step: 1 };
  if (spec.type === 'number') return { min: spec.min, max: spec.max, step: spec.step };
  return null;
}

export const ACTIONS: readonly Action[] = ['warn', 'block', 'terminate'];

/** The graduated-actions editor's edits; each returns a new list. */
export function addAction(list: readonly Action[]): Action[] {
  return [...list, list[list.length - 1] ?? 'warn'];
}

export function removeAction(list: readonly Action[], i: number): Action[] {
  return list.length <= 1 ? [...list] : list.filter((_, j) => j !== i);
}

export function replaceAction(list: readonly Action[], i: number, a: Action): Action[] {
  return list.map((x, j) => (j === i ? a : x));
}
