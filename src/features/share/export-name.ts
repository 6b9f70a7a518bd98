/**
 * The name a config is exported under: a preset's name stays only while the config is that preset
 * unchanged; tuned, it becomes "recommended (tuned)". A name the user gave (a loaded file's) is kept.
 */
import type { EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { changedParams } from './config-summary';

export function exportName(draft: EngineConfig, presetName: string): string {
  const name = draft.name ?? presetName;
  const preset = presetByName(presetName);
  const isPresetName = name === presetName || name === `${presetName} (tuned)`;
  if (!preset || !isPresetName) return name;
  return changedParams(draft, preset).length > 0 ? `${presetName} (tuned)` : presetName;
}

/** The draft as exported: its export name and the preset it was measured against. */
export function exportedConfig(draft: EngineConfig, presetName: string): EngineConfig {
  return { ...draft, name: exportName(draft, presetName), basedOn: presetName };
}
