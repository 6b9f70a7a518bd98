import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from '../import/loopscope-jsonl';
import { sourceFromText } from '../import/source';
import { resolveConfig, setParam, type EngineConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { PRESETS } from './presets/index';
import { replay } from './replay';
import { ReplaySession } from './replay-session';

const dir = join(__dirname, '../samples');
const samples = readdirSync(dir).filter((f) => f.endsWith('.loop.jsonl'));

async function load(f: string) {
  return (await parseLoopscopeJsonl(sourceFromText(f, readFileSync(join(dir, f), 'utf8')))).transcripts[0];
}

const everything: EngineConfig = {
  name: 'all',
  detectors: Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, { enabled: true }])),
};

describe('ReplaySession', () => {
  it.each(samples)(
    'gives exactly what replay() gives, for every preset and for every detector at once: %s',
    async (f) => {
      const t = await load(f);
      const session = new ReplaySession(t);
      for (const config of [...PRESETS, everything])
        expect(session.run(config), config.name ?? 'all').toEqual(replay(t, config));
    },
  );

  it('re-runs only the detector whose parameter changed', async () => {
    const t = await load('edit-test-oscillation.loop.jsonl');
    const session = new ReplaySession(t);
    const base = resolveConfig(PRESETS.find((p) => p.name === 'chatloop')!);
    const first = session.run(base);
    const tuned = setParam(base, 'detectors.exact-repeat.maxDuplicates', 5);
    const second = session.run(tuned);
    expect(second).toEqual(replay(t, tuned));
    // The pattern detector's events are the very same objects: they came from the cache.
    const patternEvents = (r: typeof first) => r.events.filter((e) => e.detector === 'pattern' && !e.afterStop);
    expect(patternEvents(second).length).toBeGreaterThan(0);
    expect(patternEvents(second).every((e) => patternEvents(first).includes(e))).toBe(true);
  });
});
