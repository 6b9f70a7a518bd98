/**
 * Engine configs: which detectors run and with which parameters. A config from a file, a link or
 * storage is validated here; every problem names its field (`detectors.pattern.minLength`).
 */
import { detectorDef, DETECTOR_DEFS } from './detectors/registry';
import { checkParam, type Params } from './params';
import { DETECTOR_IDS, type Action, type DetectorId } from './types';

export type DetectorSettings = { enabled: boolean } & Params;

export interface EngineConfig {
  /** Preset or user name, for display. */
  name?: string;
  /** The preset this config was derived from, if any. */
  basedOn?: string;
  /** Events at or above this action count as alarms in the evaluation (default warn). */
  countAction?: Action;
  /**
   * Calls written as text in an assistant message (`textual: true`, docs/formats.md) are left
   * out: no detector sees them, and their turns count as text-only. Default false.
   */
  ignoreTextualCalls?: boolean;
  detectors: Partial<Record<DetectorId, Partial<DetectorSettings>>>;
}

/** A config with every detector present and every parameter filled in. */
export interface ResolvedConfig {
  name?: string;
  basedOn?: string;
  countAction: Action;
  ignoreTextualCalls: boolean;
  detectors: Record<DetectorId, DetectorSettings>;
}

export class ConfigError extends Error {
  readonly field: string;
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = 'ConfigError';
    this.field = field;
  }
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks a config of unknown origin; throws ConfigError naming the first bad field. */
export function validateConfig(raw: unknown): EngineConfig {
  if (!isObj(raw)) throw new ConfigError('config', 'must be a JSON object');
  for (const k of Object.keys(raw))
    if (!['name', 'basedOn', 'countAction', 'ignoreTextualCalls', 'detectors', 'version', '$schema'].includes(k))
      throw new ConfigError(k, 'unknown field (known: name, basedOn, countAction, ignoreTextualCalls, detectors)');
  if (raw.name !== undefined && typeof raw.name !== 'string') throw new ConfigError('name', 'must be a string');
  if (raw.basedOn !== undefined && typeof raw.basedOn !== 'string')
    throw new ConfigError('basedOn', 'must be a string');
  if (raw.countAction !== undefined && !['warn', 'block', 'terminate'].includes(raw.countAction as string))
    throw new ConfigError('countAction', 'must be warn, block or terminate');
  if (raw.ignoreTextualCalls !== undefined && typeof raw.ignoreTextualCalls !== 'boolean')
    throw new ConfigError('ignoreTextualCalls', 'must be true or false');
  if (!isObj(raw.detectors)) throw new ConfigError('detectors', 'must be an object keyed by detector id');
  for (const [id, settings] of Object.entries(raw.detectors)) {
    const field = `detectors.${id}`;
    if (!(DETECTOR_IDS as readonly string[]).includes(id))
      throw new ConfigError(field, `unknown detector (known: ${DETECTOR_IDS.join(', ')})`);
    const def = detectorDef(id as DetectorId);
    if (!def) throw new ConfigError(field, 'this detector is not available in this build');
    if (!isObj(settings)) throw new ConfigError(field, 'must be an object of parameters');
    for (const [key, value] of Object.entries(settings)) {
      if (key === 'enabled') {
        if (typeof value !== 'boolean') throw new ConfigError(`${field}.enabled`, 'must be true or false');
        continue;
      }
      const spec = def.params.find((p) => p.key === key);
      if (!spec)
        throw new ConfigError(
          `${field}.${key}`,
          `unknown parameter (known: ${def.params.map((p) => p.key).join(', ')})`,
        );
      const why = checkParam(spec, value);
      if (why) throw new ConfigError(`${field}.${key}`, why);
    }
  }
  return raw as unknown as EngineConfig;
}

/** Fills every parameter from the detector's defaults. Detectors not named are disabled. */
export function resolveConfig(config: EngineConfig): ResolvedConfig {
  const detectors = {} as Record<DetectorId, DetectorSettings>;
  for (const def of DETECTOR_DEFS) {
    const given = config.detectors[def.id];
    detectors[def.id] = { ...def.defaults, ...given, enabled: given ? given.enabled !== false : false };
  }
  return {
    name: config.name,
    basedOn: config.basedOn,
    countAction: config.countAction ?? 'warn',
    ignoreTextualCalls: config.ignoreTextualCalls === true,
    detectors,
  };
}

/** A value by its dotted path, as used by `sweep --param` and the controls' `data-param`. */
export function getParam(config: EngineConfig, path: string): unknown {
  const r = resolveConfig(config) as unknown as Record<string, unknown>;
  const [head, id, key] = splitPath(path);
  if (head !== 'detectors') return r[head];
  return (r.detectors as Record<string, Record<string, unknown>>)[id]?.[key];
}

function splitPath(path: string): [string, string, string] {
  const parts = path.split('.');
  if (parts[0] === 'detectors' && parts.length === 3) return [parts[0], parts[1], parts[2]];
  if (parts.length === 1) return [parts[0], '', ''];
  throw new ConfigError(path, 'a parameter path is detectors.<detector-id>.<parameter>');
}

/** A copy of the config with one parameter set; validates the result. */
export function setParam(config: EngineConfig, path: string, value: unknown): EngineConfig {
  const [head, id, key] = splitPath(path);
  const next: EngineConfig = structuredClone(config);
  if (head !== 'detectors') {
    (next as unknown as Record<string, unknown>)[head] = value;
  } else {
    const d = (next.detectors[id as DetectorId] ??= { enabled: true });
    (d as Record<string, unknown>)[key] = value;
  }
  return validateConfig(next);
}
