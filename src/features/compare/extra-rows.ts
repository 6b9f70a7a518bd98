/**
 * The rows beside the presets: the config being tuned ("Your config") and each saved config
 * ("Saved: NAME"), with the preset each started from (their deltas are against it).
 */
import type { NamedConfig } from '../../engine/compare';
import type { EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { changedParams, formatValue } from '../share/config-summary';
import { savedRowName, YOUR_CONFIG, type RowInfo } from './compare-rows';

export interface ExtraRows {
  /** What the worker replays, by row name. */
  configs: NamedConfig[];
  info: ReadonlyMap<string, RowInfo>;
  /** Equal for equal configs: a compare runs again only when it changes. */
  key: string;
}

export function extraRows(
  draft: EngineConfig,
  presetName: string,
  saved: readonly { name: string; config: EngineConfig }[],
): ExtraRows {
  const configs: NamedConfig[] = [{ name: YOUR_CONFIG, config: draft }];
  const info = new Map<string, RowInfo>([
    [YOUR_CONFIG, { kind: 'yours', basedOn: presetName, changes: changes(draft, presetName) }],
  ]);
  for (const s of saved) {
    const name = savedRowName(s.name);
    configs.push({ name, config: s.config });
    // A saved config from a preset that is no longer there has no base: no deltas.
    const base = s.config.basedOn && presetByName(s.config.basedOn) ? s.config.basedOn : undefined;
    info.set(name, { kind: 'saved', basedOn: base, changes: base ? changes(s.config, base) : undefined });
  }
  return { configs, info, key: JSON.stringify([presetName, configs]) };
}

/** What a config changes against its preset, one "path: from → to" per setting. */
function changes(config: EngineConfig, preset: string): string[] {
  return changedParams(config, presetByName(preset)).map(
    (c) => `${c.path.replace(/^detectors\./, '')}: ${formatValue(c.from)} → ${formatValue(c.to)}`,
  );
}
