/** Comparing configs by what they detect, not by their names. */
import { settingsKey, type EngineConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';

/** Whether the draft differs from the preset it is measured against (or that preset is unknown). */
export function isTuned(draft: EngineConfig, presetName: string): boolean {
  const preset = presetByName(presetName);
  return !preset || settingsKey(preset) !== settingsKey(draft);
}
