/**
 * The Python module for a config: the tables written from the TypeScript definitions
 * (python-tables.ts: patterns, name lists, defaults, presets), a port of the engine's reader and
 * replay loop (python/core/*.py, concatenated in name order) and one file per ported detector
 * (python/detectors/<id>.py, defining `class Detector_<id>`), with the config's settings written in. Detectors not ported yet are named,
 * never dropped silently: the module is not offered then. python-module.test.ts runs python3 on
 * every sample and compares its events with the engine's.
 */
import type { EngineConfig } from '../engine/config';
import { detectorDef } from '../engine/detectors/registry';
import type { DetectorId } from '../engine/types';
import { pyString, pyStringBody, pyValue } from './escape/python-literal';
import { pythonTables } from './python-tables';
import { enabledSettings, settingsLine } from './standalone-module';

// The core's parts in file-name order (00-header … 10-similarity): each ports one engine file.
const CORE_PARTS = import.meta.glob<string>('./python/core/*.py', { query: '?raw', import: 'default', eager: true });
const [HEADER, ...CORE] = Object.keys(CORE_PARTS)
  .sort()
  .map((k) => CORE_PARTS[k].trimEnd());
const FILES = import.meta.glob<string>('./python/detectors/*.py', { query: '?raw', import: 'default', eager: true });

/**
 * Ports that lag the engine: offered as not ported (the button says so) until the port catches
 * up, rather than exported with other events than the engine's. Empty while every port is current.
 */
const LAGGING = new Set<string>([]);

/** Ported detectors' sources by id. */
export const PYTHON_DETECTORS: Record<string, string> = Object.fromEntries(
  Object.entries(FILES)
    .map(([path, text]) => [path.replace(/^.*\/|\.py$/g, ''), text])
    .filter(([id]) => !LAGGING.has(id)),
);

export class NotPortedError extends Error {
  constructor(readonly missing: string[]) {
    super(`not ported to Python yet: ${missing.join(', ')}`);
    this.name = 'NotPortedError';
  }
}

/** Enabled detectors of the config that have no Python port. */
export function notPorted(config: EngineConfig, ported: Record<string, string> = PYTHON_DETECTORS): string[] {
  return enabledSettings(config)
    .map((e) => e.id)
    .filter((id) => !ported[id]);
}

/** The class a detector's port defines (its id with every other character as `_`). */
function pyClass(id: string): string {
  return `Detector_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** A port's source, checked to define its class: a renamed or copied file fails at export. */
function portOf(id: string, ported: Record<string, string>): string {
  const text = ported[id].trimEnd();
  if (!new RegExp(`^class ${pyClass(id)}\\(`, 'm').test(text))
    throw new Error(`python/detectors/${id}.py does not define class ${pyClass(id)}`);
  return text;
}

/** The settings that differ from the detector's defaults: the module adds them to DEFAULTS[id]. */
function changedSettings(id: DetectorId, settings: Record<string, unknown>): Record<string, unknown> {
  const defaults = (detectorDef(id)?.defaults ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(settings).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k])),
  );
}

/** The module's text; throws NotPortedError naming the enabled detectors without a port. */
export function pythonModule(config: EngineConfig, ported: Record<string, string> = PYTHON_DETECTORS): string {
  const missing = notPorted(config, ported);
  if (missing.length) throw new NotPortedError(missing);
  const enabled = enabledSettings(config);
  // The docstring is user text: written through pyStringBody, it reads as the name and cannot end early.
  const name = pyStringBody(config.name ?? 'config');
  const basedOn = config.basedOn ? `, based on ${pyStringBody(config.basedOn)}` : '';
  return [
    `"""Loopscope loop detectors for the config "${name}"${basedOn}.`,
    '',
    "A port of Loopscope's engine (reader, replay loop and the enabled detectors); no dependencies,",
    'Python 3.8+. Usage: events = replay(turns), turns being the assistant lines of a Loopscope JSONL',
    'transcript (dicts, in order); every line of the file may be passed too (user lines are context,',
    'judge lines recorded judge answers). Returns [{"turn", "call"?, "detector", "action", "level"}],',
    'the events of `loopscope detect --json` under this config; replay_with_messages(turns) adds each',
    "event's message. Command line: python3 <this file> RUN.jsonl [--messages]. PRESETS holds every",
    "preset's config by name and DEFAULTS every detector's defaults, as Loopscope defines them.",
    '',
    ...(enabled.length ? ['Detectors:'] : ['No detector is enabled in this config: replay() always returns [].']),
    ...enabled.map((e) => pyStringBody(`- ${e.id}: ${settingsLine(e.settings)}`)),
    '"""',
    '',
    HEADER,
    '',
    pythonTables(),
    '',
    '',
    CORE.join('\n\n\n'),
    '',
    ...enabled.map((e) => portOf(e.id, ported)),
    '',
    `CONFIG = ${pyValue(config)}`,
    `IGNORE_TEXTUAL_CALLS = ${pyValue(config.ignoreTextualCalls === true)}`,
    'DETECTORS = [',
    ...enabled.map(
      (e) =>
        `    (${pyString(e.id)}, ${pyClass(e.id)}, dict(DEFAULTS[${pyString(e.id)}], **${pyValue(changedSettings(e.id, e.settings))})),`,
    ),
    ']',
    '',
    '',
    'def replay(turns):',
    '    """The events of this config\'s detectors on a run (see the module docstring)."""',
    '    return _replay(turns, DETECTORS, IGNORE_TEXTUAL_CALLS)["events"]',
    '',
    '',
    'def replay_with_messages(turns):',
    '    """The same events with the message each detector would send to the agent."""',
    '    return _replay(turns, DETECTORS, IGNORE_TEXTUAL_CALLS, messages=True)["events"]',
    '',
    '',
    'if __name__ == "__main__":',
    '    import sys',
    '',
    '    # python3 loopscope_x.py RUN.jsonl [--messages]: the events as JSON, with messages if asked.',
    '    files = [a for a in sys.argv[1:] if a != "--messages"]',
    '    lines = [json.loads(l) for l in open(files[0], encoding="utf-8") if l.strip()]',
    '    print(json.dumps(replay_with_messages(lines) if "--messages" in sys.argv[1:] else replay(lines)))',
    '',
  ].join('\n');
}
