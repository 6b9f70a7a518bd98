/**
 * Properties of the whole engine over random transcripts: odd input never
 * crashes it, a replay is deterministic, and raising a count threshold never adds an alarm of
 * that detector. Transcripts go through normalizeTranscript, as every importer's do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeTranscript, type CallDraft, type TurnDraft } from '../model/normalize';
import type { JudgeRecord, Label, Transcript } from '../model/transcript';
import { resolveConfig, setParam, type EngineConfig } from './config';
import { DETECTOR_DEFS } from './detectors/registry';
import { evaluate } from './evaluate';
import { PRESETS } from './presets/index';
import { replay } from './replay';
import type { DetectorId } from './types';

const NAMES = ['read', 'ls', 'grep', 'bash', 'edit', 'write', 'run_tests', 'execute_bash', 'read_file', 'x'];
const AGENTS = Array.from({ length: 40 }, (_, i) => `w${i + 1}`);
const HUGE = 'lorem ipsum dolor '.repeat(1200); // ~21 KB

/** Every detector on, with its defaults; llm-judge once per judge source. */
function allOn(source: string): EngineConfig {
  const detectors: EngineConfig['detectors'] = {};
  for (const d of DETECTOR_DEFS) detectors[d.id] = { enabled: true };
  detectors['llm-judge'] = { enabled: true, source, checkAfterTurns: 3, initialInterval: 2 };
  return { name: `all (${source})`, detectors };
}
const CONFIGS: EngineConfig[] = [...PRESETS, allOn('recorded'), allOn('heuristic'), allOn('openai-compatible')];

// --- odd transcripts -----------------------------------------------------------------------

const oddString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }), // lone surrogates included
  fc.constantFrom('', ' ', '\n', '```', '- item', '# h', 'a'.repeat(60), HUGE, '{"a":1}', '[1,2', 'Exit code: 1'),
);
const oddArgs = fc.oneof(
  fc.constant({}),
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.record({ path: oddString }),
  fc.record({ command: fc.constantFrom('cat a.ts', 'head -n 5 b.ts', 'npm test', 'pytest -x', 'ls', 'echo x > f') }),
  fc.record({ content: fc.constant(HUGE), path: fc.constant('big.txt') }),
  oddString, // a string where an object is expected (and JSON text, which normalize decodes)
);
const oddContent = fc.oneof(
  oddString,
  fc.jsonValue({ maxDepth: 3 }), // non-string content: normalize turns it into JSON text
  fc.constant(undefined),
  fc.constant(null),
);
const oddCall: fc.Arbitrary<CallDraft> = fc.record(
  {
    name: fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 })),
    args: oddArgs,
    result: fc.option(fc.record({ content: oddContent, isError: fc.oneof(fc.boolean(), fc.constant('yes')) }), {
      nil: undefined,
    }),
    agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined }),
  },
  { requiredKeys: ['name'] },
) as fc.Arbitrary<CallDraft>;
const oddTurn: fc.Arbitrary<TurnDraft> = fc.record({
  text: fc.oneof(oddString, fc.constant('I will look at the file once more to be sure. '.repeat(15)), fc.constant(42)),
  calls: fc.array(oddCall, { maxLength: 4 }),
  agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined }),
  tokens: fc.option(fc.record({ input: fc.nat(), output: fc.nat() }), { nil: undefined }),
  before: fc.option(fc.constant([{ role: 'user' as const, text: 'and now?' }]), { nil: undefined }),
});

function withExtras(turns: TurnDraft[], judge: JudgeRecord[], labels: Label[]): Transcript {
  return normalizeTranscript({ title: 'random', format: 'test', turns, judge, labels });
}

const judgeLine = fc.record({
  turn: fc.integer({ min: 1, max: 40 }),
  model: fc.constantFrom('flash' as const, 'pro' as const),
  confidence: fc.double({ min: 0, max: 1, noNaN: true }),
});
const label = fc
  .tuple(fc.integer({ min: 1, max: 40 }), fc.nat({ max: 10 }))
  .map(([s, n]): Label => ({ startTurn: s, endTurn: s + n, kind: 'loop' }));
const oddTranscript = fc
  .tuple(fc.array(oddTurn, { maxLength: 40 }), fc.array(judgeLine, { maxLength: 6 }), fc.array(label, { maxLength: 3 }))
  .map(([turns, judge, labels]) => withExtras(turns, judge, labels));

// --- loopy transcripts: few distinct calls, so every detector has something to count ---------

const POOL: CallDraft[] = [
  { name: 'ls', args: { path: 'src/missing' }, result: { content: 'No such file or directory', isError: true } },
  { name: 'read', args: { path: 'src/a.ts' }, result: { content: 'export const a = 1;\n'.repeat(20), isError: false } },
  { name: 'read', args: { path: 'src/b.ts' }, result: { content: 'export const b = 2;\n'.repeat(20), isError: false } },
  {
    name: 'bash',
    args: { command: 'npm test' },
    result: { content: 'FAIL a.test.ts\n1 failed\nExit code: 1', isError: true },
  },
  { name: 'bash', args: { command: 'npm test' }, result: { content: '12 passing\nExit code: 0', isError: false } },
  {
    name: 'bash',
    args: { command: 'cat src/a.ts' },
    result: { content: 'cat: src/a.ts: No such file or directory', isError: true },
  },
  { name: 'edit', args: { path: 'src/a.ts', old: 'a = 1', new: 'a = 2' }, result: { content: 'ok', isError: false } },
  { name: 'edit', args: { path: 'src/a.ts', old: 'a = 1', new: 'a = 3' }, result: { content: 'ok', isError: false } },
  { name: 'grep', args: { pattern: 'auth', path: 'src' }, result: { content: '', isError: false } },
  { name: 'grep', args: { pattern: 'auths', path: 'src' }, result: { content: '', isError: false } },
];
const loopyTurn: fc.Arbitrary<TurnDraft> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      text: fc.constant(''),
      calls: fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 2 }),
      agent: fc.constantFrom('w1', 'w2', 'w3'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      text: fc.constantFrom('Summary: all done.', 'Still thinking.'),
      calls: fc.constant<CallDraft[]>([]),
    }),
  },
);
const loopyTranscript = fc
  .tuple(fc.array(loopyTurn, { minLength: 5, maxLength: 60 }), fc.array(label, { maxLength: 2 }))
  .map(([turns, labels]) => withExtras(turns, [], labels));

// ---------------------------------------------------------------------------------------------

function checkShape(t: Transcript, r: ReturnType<typeof replay>): void {
  expect(r.turns).toBe(t.turns.length);
  let lastTurn = 0;
  for (const e of r.events) {
    expect(e.turn).toBeGreaterThanOrEqual(lastTurn); // events come in replay order
    lastTurn = e.turn;
    expect(typeof e.message).toBe('string');
    expect(e.level).toBeGreaterThanOrEqual(1);
  }
  const firstStop = r.events.find((e) => e.action === 'terminate');
  expect(r.stoppedAt === null).toBe(firstStop === undefined);
}

describe('engine properties on random transcripts', () => {
  it('odd transcripts never crash any preset or every detector at once', () => {
    fc.assert(
      fc.property(oddTranscript, (t) => {
        for (const c of CONFIGS) {
          const r = replay(t, c);
          checkShape(t, r);
          evaluate(r, t);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a replay is deterministic: the same input gives a deep-equal result', () => {
    fc.assert(
      fc.property(fc.oneof(oddTranscript, loopyTranscript), fc.constantFrom(...CONFIGS), (t, c) => {
        const copy = structuredClone(t);
        const a = replay(t, c);
        expect(replay(copy, c)).toEqual(a);
        expect(replay(t, resolveConfig(c))).toEqual(a);
      }),
      { numRuns: 150 },
    );
  });
});

/**
 * Count-like parameters: a higher value can only make the detector fire on fewer calls or turns.
 * Not here: content-chanting's threshold (Gemini's average-distance rule is taken over the last
 * `threshold` occurrences, so 5 occurrences can be "close" where the last 4 are not) and
 * llm-judge's confidence threshold (it also moves the check schedule). See docs/detectors.md.
 */
const COUNT_PARAMS: [DetectorId, string][] = [
  ['exact-repeat', 'maxDuplicates'],
  ['pattern', 'minPatternRepetitions'],
  ['similar-args', 'maxSimilar'],
  ['same-result', 'maxSimilarResults'],
  ['consecutive-repeat', 'explorationThreshold'],
  ['consecutive-repeat', 'modificationThreshold'],
  ['consecutive-repeat', 'defaultThreshold'],
  ['cycle', 'minRepetitions'],
  ['doom-loop', 'exactThreshold'],
  ['doom-loop', 'fuzzyThreshold'],
  ['test-fix', 'threshold'],
  ['bash-failure-cascade', 'threshold'],
  ['summary-loop', 'threshold'],
  ['global-doom-loop', 'threshold'],
  ['global-doom-loop', 'minAgents'],
  ['no-progress', 'k'],
];

function alarms(t: Transcript, id: DetectorId, param: string, value: number): number {
  const config = setParam({ detectors: { [id]: { enabled: true } } }, `detectors.${id}.${param}`, value);
  return replay(t, config).events.filter((e) => e.detector === id).length;
}

describe('global-doom-loop with many agents', () => {
  it('counts distinct agents beyond 31 (past the bitmask) exactly', () => {
    const turns: TurnDraft[] = Array.from({ length: 45 }, (_, i) => ({
      agent: `a${i % 40}`,
      calls: [{ name: 'grep', args: { pattern: 'auth' }, result: { content: '', isError: false } }],
    }));
    const r = replay(withExtras(turns, [], []), { detectors: { 'global-doom-loop': { enabled: true } } });
    expect(r.events).toHaveLength(36); // calls 10..45
    expect(r.events[0].message).toContain('10 calls to grep across\n10 workers');
    expect(r.events[35].message).toContain('45 calls to grep across\n40 workers');
  });
});

describe('raising a count threshold never adds an alarm of that detector', () => {
  it.each(COUNT_PARAMS)('%s.%s', (id, param) => {
    const spec = DETECTOR_DEFS.find((d) => d.id === id)!.params.find((p) => p.key === param)!;
    if (spec.type !== 'int') throw new Error(`${id}.${param} is not a count`);
    const low = spec.min;
    const high = Math.min(spec.max, 12);
    fc.assert(
      fc.property(
        loopyTranscript,
        fc.integer({ min: low, max: high }),
        fc.integer({ min: 1, max: 4 }),
        (t, v, step) => {
          const w = Math.min(spec.max, v + step);
          expect(alarms(t, id, param, w)).toBeLessThanOrEqual(alarms(t, id, param, v));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the loopy transcripts do make every one of these detectors fire (the property is not vacuous)', () => {
    const fired = new Set<string>();
    fc.assert(
      fc.property(loopyTranscript, (t) => {
        for (const [id, param] of COUNT_PARAMS) {
          const spec = DETECTOR_DEFS.find((d) => d.id === id)!.params.find((p) => p.key === param)!;
          if (spec.type === 'int' && alarms(t, id, param, spec.min) > 0) fired.add(`${id}.${param}`);
        }
      }),
      { numRuns: 40, seed: 7 },
    );
    expect([...fired].sort()).toEqual(COUNT_PARAMS.map(([id, p]) => `${id}.${p}`).sort());
  });
});
