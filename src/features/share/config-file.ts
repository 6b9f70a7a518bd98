/**
 * The config file: `loopscope-config.json` = {"loopscope":"config","version":1,"name","basedOn",
 * "config"}. The CLI reads the same file with `--config` (it uses the `config` field); a bare
 * config is accepted too. Every problem names its field, as validateConfig does.
 */
import { ConfigError, validateConfig, type EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { withLineColumn } from '../../import/json-parse';
import { CONFIG_LIMITS, describeBytes } from '../../model/limits';
import { exportName } from './export-name';

export const CONFIG_FILE_NAME = 'loopscope-config.json';

export interface ConfigFile {
  loopscope: 'config';
  version: 1;
  name: string;
  basedOn: string;
  config: EngineConfig;
}

/** A tuned preset is exported as "<preset> (tuned)" (export-name.ts), in the file and its config. */
export function configFile(draft: EngineConfig, presetName: string): ConfigFile {
  const name = exportName(draft, presetName);
  return { loopscope: 'config', version: 1, name, basedOn: presetName, config: { ...draft, name } };
}

export function configFileText(draft: EngineConfig, presetName: string): string {
  return JSON.stringify(configFile(draft, presetName), null, 2) + '\n';
}

export interface LoadedConfig {
  config: EngineConfig;
  /** The preset the config was tuned from, when it names one this build knows. */
  presetName: string | null;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Refuses a file too large to be a config before it is read (docs/limits.md), as the CLI does. */
export function checkConfigFileSize(bytes: number): void {
  if (bytes > CONFIG_LIMITS.fileBytes)
    throw new ConfigError(
      'file',
      `is ${describeBytes(bytes)}, over the ${describeBytes(CONFIG_LIMITS.fileBytes)} limit for a config file`,
    );
}

/** Reads a config file's text; throws ConfigError naming the field (`file` when it is not JSON). */
export function readConfigFile(text: string): LoadedConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError('file', `is not JSON (${withLineColumn((e as Error).message, text)})`);
  }
  let body: unknown = raw;
  let basedOn: unknown;
  if (isObj(raw) && (raw.loopscope !== undefined || 'config' in raw)) {
    if (raw.loopscope !== undefined && raw.loopscope !== 'config')
      throw new ConfigError('loopscope', `must be "config" in a config file, got ${JSON.stringify(raw.loopscope)}`);
    if (raw.version !== undefined && raw.version !== 1)
      throw new ConfigError(
        'version',
        // String(): JSON.stringify would write 1e309 (read as Infinity) as null.
        `must be 1, got ${typeof raw.version === 'number' ? String(raw.version) : JSON.stringify(raw.version)} (a newer Loopscope wrote this file?)`,
      );
    if (!('config' in raw)) throw new ConfigError('config', 'is missing: a config file holds the config in "config"');
    body = raw.config;
    basedOn = raw.basedOn;
  }
  const config = validateConfig(body);
  const preset = [basedOn, config.basedOn].find(
    (n): n is string => typeof n === 'string' && presetByName(n) !== undefined,
  );
  return { config, presetName: preset ?? null };
}
