/**
 * Hostile text-written calls (nested thousands of levels, megabytes of openings) give the Python
 * module the engine's events, in linear time and under the engine's depth limit.
 */
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { writeHostileTextual } from './hostile-textual.test-util';
import { pythonModule } from './python-module';
import { engineEvents, PORTED, python } from './python-module.test-util';

describe('Python module', () => {
  it("linear-time parsing and one depth limit: hostile text-written calls give the engine's events, fast", async () => {
    const file = writeHostileTextual();
    const config: EngineConfig = { detectors: Object.fromEntries(PORTED.map((id) => [id, { enabled: true }])) };
    const expected = await engineEvents(config, [file]);
    expect(expected[0].length).toBeGreaterThan(0);
    const t0 = performance.now();
    // The old port raised RecursionError on the nested calls and took minutes on the openings.
    expect(python(pythonModule(config), [file], false)).toEqual(expected);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
