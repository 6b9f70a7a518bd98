/**
 * The Python module's shape: which detectors and presets it ports (pinned: a new detector fails
 * here until it is ported or listed as not ported), and how it writes the settings it carries.
 */
import { describe, expect, it } from 'vitest';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { MAX_JSON_DEPTH } from '../model/limits';
import { pyValue } from './escape/python-literal';
import { NotPortedError, notPorted, PYTHON_DETECTORS, pythonModule } from './python-module';
import { np, PORTED, recommended } from './python-module.test-util';

describe('Python module', () => {
  it('ports every detector of the engine, and names any that is not', () => {
    expect(Object.keys(PYTHON_DETECTORS).sort()).toEqual(PORTED);
    const all = DETECTOR_DEFS.map((d) => d.id);
    // Every detector and preset is ported.
    expect(notPorted(recommended)).toEqual([]);
    expect(PRESETS.filter((p) => notPorted(p).length > 0).map((p) => p.name)).toEqual([]);
    // A detector added to the engine fails here, named, until it is ported.
    expect(notPorted({ detectors: Object.fromEntries(all.map((id) => [id, {}])) })).toEqual([]);
    expect(() => pythonModule({ detectors: { cycle: {}, pattern: {} } }, { pattern: 'x' })).toThrow(
      new NotPortedError(['cycle']),
    );
  });

  it("one depth limit: the port checks the engine's MAX_JSON_DEPTH", () => {
    expect(pythonModule(PRESETS[0])).toContain(`_MAX_JSON_DEPTH = ${MAX_JSON_DEPTH}  # src/model/limits.ts`);
  });

  it('writes settings as Python literals', () => {
    expect(pyValue({ a: [true, false, null, 1.5, 'x"y'] })).toBe('{"a": [True, False, None, 1.5, "x\\"y"]}');
    const text = pythonModule(np({ k: 3 }));
    expect(text).toContain('"""Loopscope loop detectors for the config "recommended (tuned)", based on recommended.');
    // The registry's defaults are a table of the module; each detector adds what the config changes.
    expect(text).toContain(
      '("no-progress", Detector_no_progress, dict(DEFAULTS["no-progress"], **{"k": 3, "cycles": 3, "recurrence": 3, "sameTarget": True, "acrossChanges": 4, "actions": ["warn"], "enabled": True})),',
    );
  });

  it('refuses a port that does not define its class, rather than running another detector under its name', () => {
    expect(() =>
      pythonModule({ detectors: { pattern: {} } }, { pattern: 'class Detector(DetectorBase):\n    pass' }),
    ).toThrow('python/detectors/pattern.py does not define class Detector_pattern');
  });
});
