/**
 * The Python module gives the engine's events on every real run of the corpus converted to
 * Loopscope JSONL, under configs chosen so that every ported detector fires there.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/presets/index';
import { pythonModule } from './python-module';
import { CONFIGS } from './python-module-configs.test-util';
import { engineEvents, np, PORTED, python } from './python-module.test-util';
import { convertedRealRuns } from './real-runs.test-util';

describe('Python module', () => {
  it("gives the engine's events on every real run of the corpus", async () => {
    const files = await convertedRealRuns();
    expect(files.length).toBe(563);
    const fired: Record<string, number> = {};
    for (const config of [
      np({ k: 1, window: 100 }),
      np({ k: 1, rawText: true, sameError: false }),
      np({ recurrence: 2, sameTarget: true, cycles: 2, window: 40 }),
      np({ recurrence: 3, sameTarget: false, cycles: 0, sameError: false, rawText: true }),
      np({ recurrence: 3, sameTarget: true, cycles: 3, acrossChanges: 3 }),
      np({ recurrence: 0, acrossChanges: 2, sameError: false, window: 40 }),
      ...CONFIGS.filter((c) =>
        [
          'ported, tuned',
          'chanting',
          'chanting, no period check',
          'chanting, Qwen markers',
          'judge stand-in',
          'similar',
          'cycle as written, reset per prompt',
          'cycle per turn',
          'batches',
          'every batch',
          'tool loop, low thresholds',
          'tool loop, no generic repeat',
          'stuck v0, low thresholds',
          'stuck v0, normalised, since the last user message',
          'stuck sdk, window',
          'identical streak, restart, reset per prompt',
          'steps, small window',
          'qwen, low thresholds',
          'hermes, low thresholds',
        ].includes(c.name!),
      ),
      ...PRESETS,
    ]) {
      const expected = await engineEvents(config, files);
      const got = python(pythonModule(config), files, false);
      expect(got.map((e, i) => ({ file: files[i], events: e }))).toEqual(
        expected.map((e, i) => ({ file: files[i], events: e })),
      );
      for (const e of expected.flat() as { detector: string }[]) fired[e.detector] = (fired[e.detector] ?? 0) + 1;
    }
    // Every ported detector fired somewhere, so each port was compared on real events; but the
    // corpus has no judge lines and histories too varied for the stand-in (python-module-samples.test.ts has them fire).
    expect(PORTED.filter((id) => !fired[id])).toEqual(['llm-judge']);
  }, 900_000);
});
