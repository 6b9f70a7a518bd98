/**
 * The Python module runs under python3 and gives the events of `loopscope detect --json` on every
 * bundled sample, whole and as its assistant lines alone, for every config it is compared under.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/presets/index';
import { pythonModule } from './python-module';
import { CONFIGS } from './python-module-configs.test-util';
import { engineEvents, python, SAMPLE_FILES } from './python-module.test-util';

/** Copies of the samples with their assistant lines only: what replay(turns) is given. */
function assistantOnlyCopies(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-turns-'));
  return SAMPLE_FILES.map((f) => {
    const out = join(dir, f.split('/').pop()!);
    const lines = readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"assistant"'));
    writeFileSync(out, lines.join('\n') + '\n');
    return out;
  });
}

describe('Python module', () => {
  for (const config of CONFIGS)
    it(`gives the engine's events on every sample: ${config.name} ${JSON.stringify(config.detectors)}${config.ignoreTextualCalls ? ' without textual calls' : ''}`, async () => {
      const module = pythonModule(config);
      expect(python(module, SAMPLE_FILES, false)).toEqual(await engineEvents(config, SAMPLE_FILES));
      // The assistant lines alone (no user context, no judge lines): as the engine on such a file.
      expect(python(module, SAMPLE_FILES, true)).toEqual(await engineEvents(config, assistantOnlyCopies()));
    });

  it('the judge configs fire on the samples (recorded answers and the stand-in), so their port is compared', async () => {
    for (const config of [
      PRESETS.find((p) => p.name === 'llm-check')!,
      CONFIGS.find((c) => c.name === 'judge stand-in')!,
    ]) {
      const events = (await engineEvents(config, SAMPLE_FILES)).flat() as { detector: string }[];
      expect(events.filter((e) => e.detector === 'llm-judge').length).toBeGreaterThan(0);
    }
  });
});
