/**
 * The exported TypeScript module gives the events of `loopscope detect --json` (with their
 * messages) under the same config, on every bundled sample, for every preset, tuned configs and
 * every detector at once. The pieces are bundled from the engine's source here, as the app's
 * build does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStandalonePieces } from '../../scripts/standalone-pieces';
import { resolveConfig, type EngineConfig } from '../engine/config';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { detectEvents } from './detect-json.test-util';
import { loadTsModule as load } from './load-ts-module.test-util';
import { hostileTextualLines, writeHostileTextual } from './hostile-textual.test-util';
import { convertedRealRuns } from './real-runs.test-util';
import { MissingPiecesError, standaloneTs, type StandalonePieces } from './standalone-module';

const ROOT = resolve(__dirname, '../..');
const SAMPLES = join(ROOT, 'src/samples');
const SAMPLE_FILES = readdirSync(SAMPLES).filter((f) => f.endsWith('.loop.jsonl'));

type Event = { detector: string };
function linesOf(file: string): Record<string, unknown>[] {
  return readFileSync(join(SAMPLES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The events (with messages) of `loopscope detect --json` on every sample under a config, by file name. */
async function engineEvents(config: EngineConfig): Promise<Map<string, unknown[]>> {
  const events = await detectEvents(
    config,
    SAMPLE_FILES.map((f) => join(SAMPLES, f)),
  );
  return new Map(SAMPLE_FILES.map((f, i) => [f, events[i]]));
}

const allOn: EngineConfig = {
  name: 'every detector',
  detectors: Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, { enabled: true }])),
};
const CONFIGS: EngineConfig[] = [
  ...PRESETS,
  {
    name: 'recommended (tuned)',
    basedOn: 'recommended',
    detectors: { 'no-progress': { k: 3, window: 12, sameError: false } },
  },
  {
    name: 'cycle and same-result tuned',
    detectors: {
      cycle: { minRepetitions: 2, actions: ['warn', 'terminate'] },
      'same-result': { enabled: true },
      'similar-args': { enabled: true },
    },
  },
  allOn,
  { ...allOn, name: 'every detector, textual calls out', ignoreTextualCalls: true },
];

let pieces: StandalonePieces;
beforeAll(async () => {
  pieces = await buildStandalonePieces(ROOT);
}, 60_000);

describe('standalone TypeScript export', () => {
  it('has a piece for every detector of the registry (a detector file must be named by its id)', () => {
    const missing = DETECTOR_DEFS.map((d) => d.id).filter((id) => !pieces.detectors[id]);
    expect(missing).toEqual([]);
  });

  it('has no import and no require, and carries only the enabled detectors', () => {
    const { text, detectors } = standaloneTs(
      PRESETS.find((p) => p.name === 'recommended')!,
      pieces,
    );
    expect(detectors).toEqual(['no-progress']);
    expect(text).not.toMatch(/\bimport\b|\brequire\s*\(/);
    expect(text).toMatch(/^export function replay\(turns: readonly object\[\]\): LoopscopeEvent\[\] \{$/m);
    expect(text).toContain('__loopscope_no_progress');
    expect(text).not.toContain('__loopscope_cycle');
  });

  it('refuses a config whose detector has no piece, naming it', () => {
    const { ['cycle']: _gone, ...rest } = pieces.detectors;
    expect(() => standaloneTs({ detectors: { cycle: {}, pattern: {} } }, { ...pieces, detectors: rest })).toThrow(
      new MissingPiecesError(['cycle']),
    );
  });

  for (const config of CONFIGS)
    it(`gives the events of loopscope detect --json on every sample: ${config.name}`, async () => {
      const mod = await load(standaloneTs(config, pieces).text);
      const expected = await engineEvents(config);
      expect([...expected.keys()].sort()).toEqual([...SAMPLE_FILES].sort());
      for (const file of SAMPLE_FILES) {
        const lines = linesOf(file);
        const turns = lines.filter((l) => l.type === 'assistant');
        // Recorded judge answers are judge lines: with the assistant lines alone the judge has none.
        const judged = lines.some((l) => l.type === 'judge') && resolveConfig(config).detectors['llm-judge'].enabled;
        const withoutJudge = expected.get(file)!.filter((e) => !judged || (e as Event).detector !== 'llm-judge');
        expect({ file, events: mod.replay(turns) }).toEqual({ file, events: withoutJudge });
        // The whole file's lines (user, judge, label, meta included) give the same.
        expect({ file, events: mod.replay(lines) }).toEqual({ file, events: expected.get(file) });
      }
    });

  it("gives the engine's events on every real run of the corpus, every detector on", async () => {
    const files = await convertedRealRuns();
    expect(files.length).toBe(563);
    let total = 0;
    for (const config of [allOn, PRESETS.find((p) => p.name === 'recommended')!]) {
      const mod = await load(standaloneTs(config, pieces).text);
      const expected = await detectEvents(config, files);
      const got = files.map((f) =>
        mod.replay(
          readFileSync(f, 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l) as object),
        ),
      );
      expect(got.map((events, i) => ({ file: i, events }))).toEqual(expected.map((events, i) => ({ file: i, events })));
      total += expected.flat().length;
    }
    expect(total).toBeGreaterThan(400);
  }, 120_000);

  it("linear-time parsing and one depth limit: hostile text-written calls give the engine's events and say what was left out", async () => {
    const mod = await load(standaloneTs(allOn, pieces).text);
    const file = writeHostileTextual();
    const [expected] = await detectEvents(allOn, [file]);
    expect(expected.length).toBeGreaterThan(0);
    // The old module threw RangeError (stack overflow) on the nested call.
    expect(mod.replay(hostileTextualLines())).toEqual(expected);
    const left = 'a text-written call nests deeper than 500 levels; left out';
    expect(mod.replayDetails(hostileTextualLines()).skipped).toEqual([
      { line: 3, reason: `turn 2: ${left}` },
      { line: 5, reason: `turn 4: ${left}` },
    ]);
  });

  it('fires on a sample with the engine: recommended catches the ls loop at turn 8 with a warning', async () => {
    const mod = await load(
      standaloneTs(
        PRESETS.find((p) => p.name === 'recommended')!,
        pieces,
      ).text,
    );
    const turns = linesOf('missing-path-ls-loop.loop.jsonl')
      .filter((l) => l.type === 'assistant')
      .map(({ type: _t, ...rest }) => rest);
    const events = mod.replay(turns);
    expect(events[0]).toEqual({
      turn: 8,
      call: 8,
      detector: 'no-progress',
      action: 'warn',
      level: 1,
      message: expect.stringMatching(/^⚠️ No progress: the same step .* 3 times in the last 8 steps/),
    });
    // Kept for code written when replay gave no message: the same events.
    expect(mod.replayWithMessages(turns)).toEqual(events);
    expect(mod.replayDetails([{ calls: 'nope' }, ...turns]).skipped).toEqual([
      { line: 1, reason: '"calls" must be an array' },
    ]);
  });
});
