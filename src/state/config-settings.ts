/** Comparing configs by what they detect, not by their names. */
import { resolveConfig, type EngineConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';

/** The config's settings, not its name: a renamed copy is the same config. */
export function settingsKey(config: EngineConfig): string {
  const { name: _n, basedOn: _b, ...settings } = resolveConfig(config);
  return JSON.stringify(settings);
}

/** Whether the draft differs from the preset it is measured against (or that preset is unknown). */
export function isTuned(draft: EngineConfig, presetName: string): boolean {
  const preset = presetByName(presetName);
  return !preset || settingsKey(preset) !== settingsKey(draft);
}
