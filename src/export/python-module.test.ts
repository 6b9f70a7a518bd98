/**
 * The Python module runs under python3 and gives the events of `loopscope detect --json`, on every
 * bundled sample and on real runs of the corpus converted to Loopscope JSONL, for the configs it
 * can carry. Which detectors are ported is pinned: a new detector fails here until it is ported
 * or listed as not ported.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.test-util';
import type { DetectorSettings, EngineConfig } from '../engine/config';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { MAX_JSON_DEPTH } from '../model/limits';
import { writeHostileTextual } from './hostile-textual.test-util';
import { convertedRealRuns } from './real-runs.test-util';
import { pyValue } from './escape/python-literal';
import { NotPortedError, notPorted, PYTHON_DETECTORS, pythonModule } from './python-module';

const ROOT = resolve(__dirname, '../..');
const SAMPLES = join(ROOT, 'src/samples');
const SAMPLE_FILES = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.loop.jsonl'))
  .map((f) => join(SAMPLES, f));
const PORTED = [
  'bash-failure-cascade',
  'batch-repeat',
  'consecutive-repeat',
  'content-chanting',
  'cycle',
  'doom-loop',
  'exact-repeat',
  'global-doom-loop',
  'hermes-guard',
  'identical-streak',
  'llm-judge',
  'no-progress',
  'openhands-stuck',
  'pattern',
  'qwen-loop',
  'same-result',
  'similar-args',
  'step-repeat',
  'stuck-loop',
  'summary-loop',
  'test-fix',
  'tool-loop',
];
const PY_PRESETS = [
  'chatloop',
  'chatloop-conservative',
  'chatloop-aggressive',
  'crustly',
  'cycle-escalation',
  'doom-loop',
  'docker-agent',
  'llm-check',
  'gemini-cli',
  'openclaw',
  'openhands',
  'openhands-sdk',
  'opencode',
  'octo-agent',
  'pydantic-deepagents',
  'qwen-code',
  'cline',
  'roo-code',
  'kilo-code',
  'crush',
  'crewai',
  'hermes-agent',
  'recommended',
];

function python(module: string, files: string[], assistantOnly: boolean): unknown[][] {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-'));
  writeFileSync(join(dir, 'mod.py'), module);
  writeFileSync(
    join(dir, 'run.py'),
    [
      'import json, sys',
      'import mod',
      'out = []',
      'for f in sys.argv[2:]:',
      '    lines = [json.loads(l) for l in open(f, encoding="utf-8") if l.strip()]',
      '    if sys.argv[1] == "assistant":',
      '        lines = [l for l in lines if l.get("type") == "assistant"]',
      '    out.append(mod.replay(lines))',
      'print(json.dumps(out))',
    ].join('\n'),
  );
  const out = execFileSync('python3', [join(dir, 'run.py'), assistantOnly ? 'assistant' : 'all', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out) as unknown[][];
}

async function engineEvents(config: EngineConfig, files: string[]): Promise<unknown[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-config-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ config }));
  const { code, out } = await cli('detect', '--json', ...files, '--config', file);
  expect(code).toBe(0);
  return out
    .trimEnd()
    .split('\n')
    .map((l) => (JSON.parse(l) as { events: Record<string, unknown>[] }).events.map(({ message: _m, ...e }) => e));
}

const recommended = PRESETS.find((p) => p.name === 'recommended')!;
const np = (s: Record<string, unknown>, extra: Partial<EngineConfig> = {}): EngineConfig => ({
  name: 'recommended (tuned)',
  basedOn: 'recommended',
  ...extra,
  detectors: { 'no-progress': { ...recommended.detectors['no-progress'], ...(s as Partial<DetectorSettings>) } },
});
const CONFIGS: EngineConfig[] = [
  np({ k: 3 }),
  np({ k: 1, window: 5, actions: ['warn', 'block', 'terminate'] }),
  np({ sameError: false, window: 50 }),
  np({ rawText: true }),
  np({ k: 2 }, { ignoreTextualCalls: true }),
  np({ recurrence: 0, cycles: 0, sameTarget: false }),
  np({ recurrence: 2, sameTarget: false, cycles: 2 }),
  np({ recurrence: 4, sameTarget: true, cycles: 0, rawText: true }),
  np({ k: 2, recurrence: 2, cycles: 5, window: 40 }),
  ...PRESETS.filter((p) => PY_PRESETS.includes(p.name!)),
  {
    name: 'ported, tuned',
    detectors: {
      'exact-repeat': { maxDuplicates: 1, rawText: true },
      pattern: { match: 'name', minPatternRepetitions: 3 },
      'consecutive-repeat': { defaultThreshold: 1, action: 'warn' },
      cycle: { maxPeriod: 2, minRepetitions: 3, compareResults: true },
      'summary-loop': { threshold: 1, sameText: true, resetOnUserMessage: true },
      'no-progress': { k: 1 },
      'doom-loop': { exactThreshold: 2, fuzzyThreshold: 2, warningAt: 2, criticalAt: 3, rawText: true },
      'test-fix': { threshold: 1, testTools: ['bash'] },
      'bash-failure-cascade': { threshold: 1, actions: ['warn', 'terminate'] },
      'global-doom-loop': { threshold: 2, minAgents: 1 },
    },
  },
  {
    name: 'chanting',
    detectors: {
      'content-chanting': { chunkSize: 10, threshold: 3, maxDistanceChunks: 20, resetOnToolCall: false },
      cycle: {},
    },
  },
  {
    name: 'chanting, Qwen markers',
    detectors: {
      'content-chanting': {
        chunkSize: 6,
        threshold: 2,
        maxDistanceChunks: 1.5,
        checkPeriods: false,
        fixedMarkers: true,
      },
    },
  },
  {
    name: 'chanting, no period check',
    detectors: { 'content-chanting': { chunkSize: 8, threshold: 2, checkPeriods: false } },
  },
  {
    name: 'judge stand-in',
    detectors: {
      'llm-judge': {
        source: 'heuristic',
        checkAfterTurns: 5,
        initialInterval: 2,
        threshold: 0.25,
        actions: ['warn', 'terminate'],
      },
    },
  },
  {
    name: 'judge recorded, unit scale',
    detectors: {
      'llm-judge': { checkAfterTurns: 10, intervalScale: 'unit', warmupChecks: 0, resetOnUserMessage: true },
    },
  },
  {
    name: 'similar',
    detectors: {
      'similar-args': { threshold: 0.7, maxSimilar: 1 },
      'same-result': { threshold: 0.6, maxSimilarResults: 1, windowSize: 20 },
    },
  },
  {
    name: 'similar, raw, same result',
    detectors: {
      'similar-args': { rawText: true, sameResult: true, ignoreIdentical: true, maxSimilar: 1 },
      'same-result': { rawText: true, errorsOnly: true },
    },
  },
  {
    name: 'cycle as written, reset per prompt',
    detectors: {
      cycle: { maxPeriod: 3, minRepetitions: 2, argsAsWritten: true, resetOnUserPrompt: true, compareResults: true },
    },
  },
  {
    name: 'cycle per turn',
    detectors: { cycle: { maxPeriod: 2, minRepetitions: 2, resetEachTurn: true, rawText: true } },
  },
  { name: 'batches', detectors: { 'batch-repeat': { threshold: 2, actions: ['warn', 'terminate'] } } },
  // Threshold 1 fires on every batch: every response of the corpus runs is compared (docker-agent's 5 never fires there).
  { name: 'every batch', detectors: { 'batch-repeat': { threshold: 1, actions: ['warn', 'block', 'terminate'] } } },
  { name: 'batches as written', detectors: { 'batch-repeat': { threshold: 3, argsAsWritten: true } } },
  {
    name: 'identical streak, low, every, task_progress left out',
    detectors: {
      'identical-streak': {
        warnAt: 1,
        stopAt: 2,
        afterStop: 'every',
        ignoreArgs: ['path', 'command'],
        skipCalls: ['Read'],
      },
    },
  },
  {
    name: 'identical streak, restart, reset per prompt',
    detectors: {
      'identical-streak': {
        warnAt: 0,
        stopAt: 2,
        stopAction: 'block',
        afterStop: 'restart',
        skipCalls: ['Bash:command=ls', 'Edit:file_path'],
        resetOnUserPrompt: true,
      },
    },
  },
  { name: 'steps, small window', detectors: { 'step-repeat': { windowSize: 3, maxRepeats: 1 } } },
  {
    name: 'steps, calls only, no reset',
    detectors: { 'step-repeat': { windowSize: 4, maxRepeats: 1, compareResults: false, resetOnUserPrompt: false } },
  },
  {
    name: 'qwen, low thresholds',
    detectors: {
      'qwen-loop': {
        consecutiveThreshold: 2,
        globalDuplicateThreshold: 3,
        alternatingCycles: 2,
        sameNameThreshold: 3,
        fileReadThreshold: 3,
        fileReadWindow: 5,
        shellInspectionThreshold: 2,
        turnCap: 10,
        readLikeTools: ['Read', 'Glob', 'Grep', 'LS', 'read_file'],
        statefulTools: ['TodoWrite', 'Bash'],
      },
    },
  },
  {
    name: 'qwen, always-on only',
    detectors: { 'qwen-loop': { consecutiveThreshold: 3, heuristics: false, turnCap: 5, globalDuplicateThreshold: 2 } },
  },
  {
    name: 'hermes, low thresholds',
    detectors: {
      'hermes-guard': {
        exactFailureWarnAfter: 1,
        exactFailureBlockAfter: 2,
        sameToolFailureWarnAfter: 1,
        sameToolFailureHaltAfter: 3,
        noProgressWarnAfter: 1,
        noProgressBlockAfter: 3,
        identicalCallThreshold: 2,
        maxCyclePeriod: 5,
        cycleHistory: 8,
        maxWebSearches: 2,
        idempotentTools: ['Read', 'Grep', 'Glob', 'read_file'],
        mutatingTools: ['Bash', 'Edit'],
      },
    },
  },
  {
    name: 'hermes, warnings only',
    detectors: { 'hermes-guard': { hardStop: false, identicalCallThreshold: 2, idempotentTools: ['Read', 'Bash'] } },
  },
  {
    name: 'tool loop, low thresholds',
    detectors: {
      'tool-loop': {
        historySize: 12,
        warningThreshold: 2,
        criticalThreshold: 4,
        globalCircuitBreakerThreshold: 6,
        warningBucket: 1,
      },
    },
  },
  {
    name: 'tool loop, no generic repeat',
    detectors: {
      'tool-loop': { warningThreshold: 3, criticalThreshold: 5, genericRepeat: false, unknownToolThreshold: 2 },
    },
  },
  {
    name: 'stuck v0, low thresholds',
    detectors: {
      'openhands-stuck': {
        actionObservation: 2,
        actionError: 2,
        monologue: 2,
        alternatingPattern: 4,
        condensations: 2,
        emptyResponses: 2,
      },
    },
  },
  {
    name: 'stuck v0, normalised, since the last user message',
    detectors: {
      'openhands-stuck': {
        actionObservation: 3,
        actionError: 2,
        sinceLastUser: true,
        compareThought: false,
        rawText: false,
        scanEvents: 0,
      },
    },
  },
  {
    name: 'stuck sdk, window',
    detectors: {
      'openhands-stuck': {
        flavour: 'sdk',
        actionObservation: 2,
        actionError: 2,
        monologue: 2,
        alternatingPattern: 4,
        scanEvents: 20,
        sinceLastUser: true,
        actions: ['warn', 'terminate'],
      },
    },
  },
  {
    name: 'judge endpoint without a cache',
    detectors: { 'llm-judge': { source: 'openai-compatible', checkAfterTurns: 1 } },
  },
];

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
  it('ports every detector of the engine, and names any that is not', () => {
    expect(Object.keys(PYTHON_DETECTORS).sort()).toEqual(PORTED);
    const all = DETECTOR_DEFS.map((d) => d.id);
    // Every detector and preset is ported.
    expect(notPorted(recommended)).toEqual([]);
    expect(PRESETS.filter((p) => notPorted(p).length > 0).map((p) => p.name)).toEqual([]);
    // Every preset is compared with the engine below.
    expect(PRESETS.filter((p) => !PY_PRESETS.includes(p.name!)).map((p) => p.name)).toEqual([]);
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
    expect(text).toContain('("no-progress", Detector_no_progress, {"window": 20, "k": 3, "sameError": True');
  });

  for (const config of CONFIGS)
    it(`gives the engine's events on every sample: ${config.name} ${JSON.stringify(config.detectors)}${config.ignoreTextualCalls ? ' without textual calls' : ''}`, async () => {
      const module = pythonModule(config);
      expect(python(module, SAMPLE_FILES, false)).toEqual(await engineEvents(config, SAMPLE_FILES));
      // The assistant lines alone (no user context, no judge lines): as the engine on such a file.
      expect(python(module, SAMPLE_FILES, true)).toEqual(await engineEvents(config, assistantOnlyCopies()));
    });

  it("gives the engine's events on a crafted OpenHands run (IPython syntax errors and edits, condensations, empty responses)", async () => {
    const jupyter = '\n[Jupyter current working directory: /w]\n[Jupyter Python interpreter: /usr/bin/python]';
    const cell = (code: string, out: string, isError = false) => ({
      type: 'assistant',
      text: '',
      calls: [{ name: 'run_ipython', args: { code }, result: { content: out, isError } }],
    });
    const unterminated = '  File "x", line 1\nSyntaxError: unterminated string literal (detected at line 1)' + jupyter;
    const lines = [
      { type: 'user', text: 'Fix the parser.' },
      ...[1, 2, 3].map(() => cell("print('a)", unterminated)),
      ...[1, 2, 3].map(() =>
        cell(
          "edit_file_by_replace('p.py',\nto_replace='a',\nnew_content='b')",
          '[Your proposed edit has introduced new syntax error(s).]',
        ),
      ),
      // The same edit skill, place and 3rd line, other bodies: one action for stuck.py's _eq_no_pid.
      ...[1, 2, 3].map((i) =>
        cell(`edit_file_by_replace('p.py',\nto_replace='a',\nnew_content=\n"b${i}\n)`, unterminated),
      ),
      { type: 'system', text: 'summary 1', condensation: true },
      { type: 'system', text: 'summary 2', condensation: true },
      { type: 'assistant', text: '' },
      { type: 'assistant', text: '' },
      { type: 'assistant', text: ' ' },
      { type: 'user', text: 'Please continue.' },
      ...[1, 2, 3].map(() => cell('ls', 'p.py' + jupyter)),
      // The SDK's action-error nudge at the 3rd identical failure, stuck at the 4th.
      ...[1, 2, 3, 4].map(() => cell('boom()', 'NameError: boom', true)),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-crafted-'));
    const file = join(dir, 'crafted.loop.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    // Every check of openhands-stuck out of reach (9) or off (0) but the one under test.
    const stuck = (s: Record<string, unknown>): EngineConfig => ({
      detectors: {
        'openhands-stuck': {
          actions: ['warn'],
          actionObservation: 9,
          actionError: 9,
          monologue: 9,
          alternatingPattern: 9,
          condensations: 0,
          emptyResponses: 0,
          ...s,
        },
      },
    });
    for (const config of [
      stuck({ actionError: 3 }),
      stuck({ condensations: 2 }),
      stuck({ emptyResponses: 3 }),
      stuck({
        flavour: 'sdk',
        actionErrorNudge: true,
        actions: ['terminate'], // the nudge warns, the stuck check terminates: told apart
        sinceLastUser: true,
        scanEvents: 20,
        actionError: 3,
      }),
      np({ k: 9, cycles: 0, recurrence: 3, sameTarget: true }),
    ]) {
      const expected = await engineEvents(config, [file]);
      // Each config fires on its scenario, so the port is compared on it.
      expect(expected[0].length).toBeGreaterThan(0);
      expect(python(pythonModule(config), [file], false)).toEqual(expected);
    }
  });

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

  it('the judge configs fire on the samples (recorded answers and the stand-in), so their port is compared', async () => {
    for (const config of [
      PRESETS.find((p) => p.name === 'llm-check')!,
      CONFIGS.find((c) => c.name === 'judge stand-in')!,
    ]) {
      const events = (await engineEvents(config, SAMPLE_FILES)).flat() as { detector: string }[];
      expect(events.filter((e) => e.detector === 'llm-judge').length).toBeGreaterThan(0);
    }
  });

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
      ...PRESETS.filter((p) => PY_PRESETS.includes(p.name!)),
    ]) {
      const expected = await engineEvents(config, files);
      const got = python(pythonModule(config), files, false);
      expect(got.map((e, i) => ({ file: files[i], events: e }))).toEqual(
        expected.map((e, i) => ({ file: files[i], events: e })),
      );
      for (const e of expected.flat() as { detector: string }[]) fired[e.detector] = (fired[e.detector] ?? 0) + 1;
    }
    // Every ported detector fired somewhere, so each port was compared on real events; but the
    // corpus has no judge lines and histories too varied for the stand-in (see the next test).
    expect(PORTED.filter((id) => !fired[id])).toEqual(['llm-judge']);
  }, 240_000);
});
