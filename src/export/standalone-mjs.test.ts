/**
 * The exported JavaScript module runs with plain `node` and gives the events of `loopscope detect
 * --json` with their messages; its `.d.mts` types a TypeScript consumer. The pieces are bundled
 * from the engine's source here, as the app's build does.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStandalonePieces } from '../../scripts/standalone-pieces';
import { resolveConfig, type EngineConfig } from '../engine/config';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { detectEvents, withoutMessages } from './detect-json.test-util';
import { convertedRealRuns } from './real-runs.test-util';
import { jsonlObjects, runMjs } from './run-mjs.test-util';
import { standaloneMjs, type StandalonePieces } from './standalone-module';

const ROOT = resolve(__dirname, '../..');
const SAMPLES = join(ROOT, 'src/samples');
const SAMPLE_FILES = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.loop.jsonl'))
  .sort()
  .map((f) => join(SAMPLES, f));

const preset = (name: string) => PRESETS.find((p) => p.name === name)!;
const allOn: EngineConfig = {
  name: 'every detector',
  detectors: Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, { enabled: true }])),
};

let pieces: StandalonePieces;
beforeAll(async () => {
  pieces = await buildStandalonePieces(ROOT);
}, 60_000);

/** tsc's diagnostics for a consumer file next to the module (NodeNext, strict), as text. */
function typeCheck(dir: string, consumer: string): string[] {
  const file = join(dir, 'agent.ts');
  writeFileSync(file, consumer);
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    // No DOM and no @types: the consumer needs only the language (and the check stays quick).
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('standalone JavaScript export', () => {
  it('has no import and no require, carries only the enabled detectors and declares its API', () => {
    const { text, types, detectors } = standaloneMjs(preset('recommended'), pieces);
    expect(detectors).toEqual(['no-progress']);
    expect(text).not.toMatch(/\bimport\b|\brequire\s*\(/);
    expect(text).not.toContain('@ts-nocheck');
    expect(text).toMatch(/^export function replay\(turns\) \{$/m);
    expect(text).toContain('__loopscope_no_progress');
    expect(text).not.toContain('__loopscope_cycle');
    expect(types).toMatch(/^export declare function replay\(turns: readonly object\[\]\): LoopscopeEvent\[\];$/m);
    expect(types).toMatch(/^export declare const config: LoopscopeConfig;$/m);
    expect(types).not.toMatch(/\bimport\b/);
  });

  for (const config of [preset('recommended'), preset('doom-loop'), allOn])
    it(`plain node gives the events of loopscope detect --json, messages included, on every sample: ${config.name}`, async () => {
      const expected = await detectEvents(config, SAMPLE_FILES);
      const lines = SAMPLE_FILES.map(jsonlObjects);
      const assistant = lines.map((l) => l.filter((o) => o.type === 'assistant'));
      const [got] = runMjs([{ text: standaloneMjs(config, pieces).text, inputs: [...lines, ...assistant] }]);
      expect(got.config).toEqual(config);
      const judgeOn = resolveConfig(config).detectors['llm-judge'].enabled;
      SAMPLE_FILES.forEach((file, i) => {
        // The whole file's lines (user, judge, label, meta included) give exactly the CLI's events.
        expect({ file, events: got.events[i] }).toEqual({ file, events: expected[i] });
        // The assistant lines alone: the same, but the judge has no recorded answers then.
        const judged = judgeOn && lines[i].some((l) => l.type === 'judge');
        const noJudge = expected[i].filter((e) => !judged || e.detector !== 'llm-judge');
        expect({ file, events: got.events[SAMPLE_FILES.length + i] }).toEqual({ file, events: noJudge });
      });
      expect(got.events.flat().every((e) => typeof e.message === 'string' && e.message !== '')).toBe(true);
    }, 60_000);

  it("gives the engine's events with messages on every real run of the corpus, every detector on", async () => {
    const files = await convertedRealRuns();
    const expected = await detectEvents(allOn, files);
    const [got] = runMjs([{ text: standaloneMjs(allOn, pieces).text, inputs: files.map(jsonlObjects) }]);
    expect(got.events.map((events, i) => ({ file: i, events }))).toEqual(
      expected.map((events, i) => ({ file: i, events })),
    );
    expect(expected.flat().length).toBeGreaterThan(400);
  }, 120_000);

  it('fires as the engine does: recommended warns at turn 8 of the ls loop, with its message, and says what it skipped', async () => {
    const file = join(SAMPLES, 'missing-path-ls-loop.loop.jsonl');
    const turns = jsonlObjects(file)
      .filter((l) => l.type === 'assistant')
      .map(({ type: _t, ...rest }) => rest);
    const [got] = runMjs([
      { text: standaloneMjs(preset('recommended'), pieces).text, inputs: [[{ calls: 'nope' }, ...turns]] },
    ]);
    expect(withoutMessages(got.events[0]).slice(0, 3)).toEqual(
      [8, 12, 16].map((t, i) => ({ turn: t, call: t, detector: 'no-progress', action: 'warn', level: i + 1 })),
    );
    expect(got.events[0][0].message).toMatch(/^⚠️ No progress: the same step .* 3 times in the last 8 steps/);
    expect(got.details[0]).toEqual({ stoppedAt: null, skipped: [{ line: 1, reason: '"calls" must be an array' }] });
  });

  it('its .d.mts types a TypeScript consumer that imports the .mjs (and only with the .d.mts beside it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-mjs-types-'));
    const { text, types } = standaloneMjs(preset('recommended'), pieces);
    writeFileSync(join(dir, 'loopscope-recommended.mjs'), text);
    const consumer = [
      "import { config, replay, replayDetails, type LoopscopeEvent } from './loopscope-recommended.mjs';",
      "const events: LoopscopeEvent[] = replay([{ calls: [{ name: 'ls', args: { path: 'x' } }] }]);",
      'const messages: string[] = events.map((e) => e.message);',
      "const stop: boolean = events.some((e) => e.action === 'terminate');",
      'const at: number | undefined = replayDetails([]).stoppedAt?.turn;',
      'const name: string | undefined = config.name;',
      'export { messages, stop, at, name };',
    ].join('\n');
    expect(typeCheck(dir, consumer)).toEqual([
      expect.stringMatching(/^TS7016: Could not find a declaration file for module '\.\/loopscope-recommended\.mjs'/),
    ]);
    writeFileSync(join(dir, 'loopscope-recommended.d.mts'), types);
    expect(typeCheck(dir, consumer)).toEqual([]);
    // A wrong use is caught: the types are not `any`.
    expect(typeCheck(dir, `${consumer}\nconst level: string = events[0].level;\nreplay('x');`)).toEqual([
      "TS2322: Type 'number' is not assignable to type 'string'.",
      "TS2345: Argument of type 'string' is not assignable to parameter of type 'readonly object[]'.",
    ]);
  }, 60_000);
});
