import { ConfigError, validateConfig, type EngineConfig } from '../engine/config';
import { PRESETS, presetByName } from '../engine/presets/index';
import { UsageError } from './io';
import { readJsonFile } from './read-limited';

export const DEFAULT_PRESET = 'recommended';

/** The config chosen by --preset or --config (a preset file or a share export with a `config` field). */
export async function configFromArgs(preset?: string, configFile?: string, maxBytes?: number): Promise<EngineConfig> {
  if (preset && configFile) throw new UsageError('use either --preset or --config, not both');
  if (configFile) {
    const raw = await readJsonFile(configFile, maxBytes);
    const body = raw && typeof raw === 'object' && 'config' in raw ? (raw as { config: unknown }).config : raw;
    try {
      return validateConfig(body);
    } catch (e) {
      if (e instanceof ConfigError) throw new UsageError(`${configFile}: ${e.message}`);
      throw e;
    }
  }
  const name = preset ?? (presetByName(DEFAULT_PRESET) ? DEFAULT_PRESET : PRESETS[0].name!);
  const found = presetByName(name);
  if (!found) throw new UsageError(`unknown preset "${name}" (known: ${PRESETS.map((p) => p.name).join(', ')})`);
  return found;
}
