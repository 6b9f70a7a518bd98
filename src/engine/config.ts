/**
 * Engine configs: which detectors run and with which parameters. A config from a file, a link or
 * storage is validated here; every problem names its field (`detectors.pattern.minLength`).
 */
import { detectorDef, DETECTOR_DEFS } from './detectors/registry';
import { z } from 'zod';
import { nestedDeeperThan } from '../model/json-depth';
import { firstNonFinite } from '../model/json-finite';
import { CONFIG_LIMITS, ECHO_CHARS } from '../model/limits';
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

const TOP_FIELDS = ['name', 'basedOn', 'countAction', 'ignoreTextualCalls', 'detectors', 'version', '$schema'] as const;

/** The top-level shape; each field's message is kept word for word from before the schema. */
const TopLevel = z.strictObject({
  name: z.string().max(CONFIG_LIMITS.nameChars).optional(),
  basedOn: z.string().max(CONFIG_LIMITS.nameChars).optional(),
  countAction: z.enum(['warn', 'block', 'terminate']).optional(),
  ignoreTextualCalls: z.boolean().optional(),
  detectors: z.record(z.string(), z.unknown()),
  version: z.unknown().optional(),
  $schema: z.unknown().optional(),
});

const TOP_MESSAGES: Record<string, string> = {
  name: 'must be a string',
  basedOn: 'must be a string',
  countAction: 'must be warn, block or terminate',
  ignoreTextualCalls: 'must be true or false',
  detectors: 'must be an object keyed by detector id',
};

/**
 * Parameter pairs where the first must not exceed the second: with min > max the detector
 * silently never fires. Checked on the resolved values, so a pair half-set against a
 * default is caught too. Listed in docs/detectors.md.
 */
export const MIN_MAX_PAIRS: readonly (readonly [DetectorId, string, string])[] = [
  ['pattern', 'minPatternLength', 'maxPatternLength'],
  ['doom-loop', 'warningAt', 'criticalAt'],
  ['llm-judge', 'minInterval', 'maxInterval'],
];

function checkTopLevel(raw: Record<string, unknown>): void {
  const parsed = TopLevel.safeParse(raw);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  if (issue.code === 'unrecognized_keys')
    throw new ConfigError(
      echoKey(issue.keys[0]),
      'unknown field (known: name, basedOn, countAction, ignoreTextualCalls, detectors)',
    );
  const field = String(issue.path[0] ?? 'config');
  if (issue.code === 'too_big' && typeof raw[field] === 'string')
    throw new ConfigError(
      field,
      `is ${(raw[field] as string).length} characters, over the ${CONFIG_LIMITS.nameChars}-character limit`,
    );
  throw new ConfigError(field, TOP_MESSAGES[field] ?? 'is invalid');
}

/** A key as a message quotes it: long keys are cut (a 7 MB key is never echoed whole). */
function echoKey(k: string): string {
  return k.length > ECHO_CHARS ? `${k.slice(0, ECHO_CHARS)}…` : k;
}

/** Checks a config of unknown origin; throws ConfigError naming the first bad field. */
export function validateConfig(raw: unknown): EngineConfig {
  if (!isObj(raw)) throw new ConfigError('config', 'must be a JSON object');
  // First, so nothing below (messages, clones) walks an absurdly deep value.
  if (nestedDeeperThan(raw, CONFIG_LIMITS.depth))
    throw new ConfigError('config', `nests deeper than ${CONFIG_LIMITS.depth} levels (a config needs 5)`);
  checkFinite(raw);
  checkTopLevel(raw);
  const detectors = raw.detectors as Record<string, unknown>;
  for (const [id, settings] of Object.entries(detectors)) {
    const field = `detectors.${echoKey(id)}`;
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
          `${field}.${echoKey(key)}`,
          `unknown parameter (known: ${def.params.map((p) => p.key).join(', ')})`,
        );
      const why = checkParam(spec, value);
      if (why) throw new ConfigError(`${field}.${key}`, why);
      if (Array.isArray(value)) {
        const long = value.findIndex((x) => typeof x === 'string' && x.length > CONFIG_LIMITS.stringChars);
        if (long >= 0)
          throw new ConfigError(
            `${field}.${key}[${long}]`,
            `is ${(value[long] as string).length} characters, over the ${CONFIG_LIMITS.stringChars}-character limit`,
          );
      }
    }
  }
  checkMinMax(raw as unknown as EngineConfig);
  return raw as unknown as EngineConfig;
}

/**
 * Infinity and NaN anywhere (a parameter, `version`, `$schema`) are refused: JSON.parse reads
 * 1e309 as Infinity, which no exported file can write (JSON writes null, Python reads a name).
 */
function checkFinite(raw: Record<string, unknown>): void {
  const bad = firstNonFinite(raw);
  if (!bad) return;
  const field = bad.path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${echoKey(k)}`)).join('');
  throw new ConfigError(
    field,
    `must be a finite number, got ${bad.value} (a number past ±1.8e308, such as 1e309, reads as Infinity)`,
  );
}

function checkMinMax(config: EngineConfig): void {
  for (const [id, lo, hi] of MIN_MAX_PAIRS) {
    const def = detectorDef(id);
    const given = config.detectors[id];
    if (!def || !given) continue;
    const p = { ...def.defaults, ...given } as Record<string, unknown>;
    const a = p[lo];
    const b = p[hi];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      throw new ConfigError(
        `detectors.${id}.${lo}`,
        `is ${a}, greater than detectors.${id}.${hi} (${b}); the detector would never fire`,
      );
  }
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

/**
 * A config's identity by what it detects, not by its name: its resolved settings without `name`
 * and `basedOn`, so a renamed copy is the same config. The triage cache keys stored digests by it
 * (with the engine's versions): its text must stay what it is, or stored digests are not found.
 */
export function settingsKey(config: EngineConfig): string {
  const { name: _n, basedOn: _b, ...settings } = resolveConfig(config);
  return JSON.stringify(settings);
}

/** A value by its dotted path, as used by `sweep --param` and the controls' `data-param`. */
export function getParam(config: EngineConfig, path: string): unknown {
  const r = resolveConfig(config) as unknown as Record<string, unknown>;
  const [head, id, key] = splitPath(path);
  if (head !== 'detectors') return r[head];
  const d = (r.detectors as Record<string, Record<string, unknown>>)[id];
  return Object.hasOwn(d, key) ? d[key] : undefined;
}

/**
 * A path split and checked against known names only (own properties, never the prototype chain):
 * `detectors.__proto__.toString` is refused here, before anything is read or written.
 */
function splitPath(path: string): [string, string, string] {
  const parts = path.split('.');
  if (parts[0] === 'detectors' && parts.length === 3) {
    const [, id, key] = parts;
    const def = (DETECTOR_IDS as readonly string[]).includes(id) ? detectorDef(id as DetectorId) : undefined;
    if (!def) throw new ConfigError(`detectors.${echoKey(id)}`, `unknown detector (known: ${DETECTOR_IDS.join(', ')})`);
    if (key !== 'enabled' && !def.params.some((p) => p.key === key))
      throw new ConfigError(
        `detectors.${id}.${echoKey(key)}`,
        `unknown parameter (known: ${def.params.map((p) => p.key).join(', ')})`,
      );
    return ['detectors', id, key];
  }
  if (parts.length === 1 && parts[0] !== 'detectors' && (TOP_FIELDS as readonly string[]).includes(parts[0]))
    return [parts[0], '', ''];
  throw new ConfigError(echoKey(path), 'a parameter path is detectors.<detector-id>.<parameter>');
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
