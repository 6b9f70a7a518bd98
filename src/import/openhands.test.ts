import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount, type Transcript } from '../model/transcript';
import { fixtureHeads, foreignHeads } from './fixture-heads.test-util';
import { importSource } from './index';
import { openhandsImporter, parseOpenHands } from './openhands';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes } from './source';

const CORPUS = resolve(__dirname, '../../corpus/real/openhands');
const FIXTURES = resolve(__dirname, 'fixtures/openhands');

const bytesOf = (path: string) => new Uint8Array(readFileSync(path));
const read = (path: string) => parseOpenHands(sourceFromBytes(path.split('/').pop()!, bytesOf(path)));
const calls = (t: Transcript) => t.turns.flatMap((x) => x.calls);
// Errors the format flagged (not those the normaliser infers from the text of unflagged results).
const errors = (t: Transcript) => calls(t).filter((c) => c.result?.isError && c.result.inferred === undefined).length;
const flagged = (c: Transcript['turns'][number]['calls'][number]) => c.result?.isError === true && !c.result.inferred;

const MULTI_SWE = 'evaluation/benchmarks/multi_swe_bench/examples/output.jsonl';
const MOCK = 'tests/unit/resolver/mock_output/output.jsonl';

// Every OpenHands file of the corpus: per transcript [title, turns, calls, calls with isError].
const CORPUS_FILES: [string, [string, number, number, number][]][] = [
  [
    MULTI_SWE,
    [
      ['ponylang__ponyc-4595', 23, 23, 5],
      ['ponylang__ponyc-4593', 34, 34, 3],
      ['ponylang__ponyc-4588', 50, 50, 13],
    ],
  ],
  [
    'tests/runtime/trajs/basic.json',
    [['Please create a simple 2048 game. No need to run it. Please finish the interact…', 2, 2, 0]],
  ],
  ['tests/runtime/trajs/basic_gui_mode.json', [['I want to create a VueJS app that allows me to:', 5, 4, 1]]],
  ['tests/runtime/trajs/basic_interactions.json', [["what's 1+1?", 3, 1, 0]]],
  ['tests/runtime/trajs/wrong_initial_state.json', [['Please rename game_2048.py to 2048.py', 4, 4, 0]]],
  [
    MOCK,
    [
      ['neubig/pr-viewer#5', 4, 4, 0],
      ['neubig/pr-viewer#1', 22, 22, 0],
    ],
  ],
];

describe('openhands importer: corpus', () => {
  it.each(CORPUS_FILES)('%s: counts per transcript and round trip', async (file, expected) => {
    const { transcripts, warnings } = await read(`${CORPUS}/${file}`);
    expect(warnings).toEqual([]);
    expect(transcripts.map((t) => [t.title, t.turns.length, callCount(t), errors(t)])).toEqual(expected);
    for (const t of transcripts) {
      expect(t.format).toBe('openhands');
      await expectRoundTrip(t);
    }
  });

  it('multi_swe_bench record 1: the model call args, tokens, timestamp and context', async () => {
    const [t] = (await read(`${CORPUS}/${MULTI_SWE}`)).transcripts;
    expect(t.turns[0]).toMatchObject({ tokens: { input: 5920, output: 128 }, timestamp: '2025-04-30T16:32:57.821635' });
    expect(
      t.turns[0].text.startsWith('The task involves fixing an issue in the `ponylang__ponyc__0.1` repository'),
    ).toBe(true);
    expect(t.turns[0].before?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(t.turns[0].calls[0]).toMatchObject({
      index: 1,
      id: 'toolu_01',
      name: 'execute_bash',
      args: { command: 'ls -l /workspace/ponylang__ponyc__0.1' },
      result: { isError: false },
    });
    expect(t.turns[0].calls[0].result!.content.startsWith('total 300\n')).toBe(true);
    // A str_replace_editor failure carries no flag: the format does not call it an error.
    expect(t.turns[11].calls[0]).toMatchObject({ name: 'str_replace_editor', args: { command: 'str_replace' } });
    expect(flagged(t.turns[11].calls[0])).toBe(false);
    expect(t.turns[11].calls[0].result!.content.startsWith('ERROR:\nNo replacement was performed')).toBe(true);
    expect(t.turns[15].calls[0].result).toEqual({ content: 'bash: ponyc: command not found', isError: true });
    expect(t.turns[21].calls[0]).toMatchObject({ name: 'think', result: { content: 'Your thought has been logged.' } });
    expect(flagged(t.turns[21].calls[0])).toBe(false);
    expect(t.turns[22].calls[0].name).toBe('finish');
    expect(t.turns[22].calls[0].result).toBeUndefined();
  });

  it('multi_swe_bench record 2: the rejected tool call (error observation, no cause) keeps its error; this message names no tool', async () => {
    const [, t] = (await read(`${CORPUS}/${MULTI_SWE}`)).transcripts;
    expect(t.turns[12]).toMatchObject({ index: 13, text: '', timestamp: '2025-04-30T16:46:15.452965' });
    expect(t.turns[12].calls).toEqual([
      {
        index: 13,
        name: 'unknown',
        args: {},
        result: {
          content:
            "Parameter 'command' is expected to be one of ['view', 'create', 'str_replace', 'insert', 'undo_edit'].",
          isError: true,
        },
        rejected: true,
      },
    ]);
    // The model then asks for the same view again.
    expect(t.turns[13].calls[0].args).toEqual(t.turns[11].calls[0].args);
    expect(t.turns[13].calls[0].args).toEqual({
      command: 'view',
      path: '/workspace/ponylang__ponyc__0.1/packages/cli/cli.pony',
    });
  });

  it('mock_output record 2: old flattened events pair by order; the repeated edit_file_by_replace stays visible', async () => {
    const [first, t] = (await read(`${CORPUS}/${MOCK}`)).transcripts;
    expect(first.turns[0].calls[0]).toMatchObject({ name: 'run', args: { command: 'touch LICENSE' } });
    expect(t.turns[0].before).toHaveLength(1);
    expect(
      t.turns[0].before![0].text.startsWith('Please fix the following issue for the repository in /workspace.'),
    ).toBe(true);
    expect(t.turns[0].calls[0]).toMatchObject({
      name: 'run',
      args: { command: 'ls -R /workspace' },
      result: { isError: false },
    });
    const loop = t.turns.slice(4, 12); // turns 5-12
    expect(loop.map((x) => x.index)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    for (const turn of loop) {
      expect(turn.calls).toHaveLength(1);
      const c = turn.calls[0];
      expect(c.name).toBe('run_ipython');
      expect(Object.keys(c.args as object)).toEqual(['code']);
      expect(
        (c.args as { code: string }).code.startsWith("edit_file_by_replace(\n'/workspace/src/App.tsx',\nto_replace="),
      ).toBe(true);
      expect(c.result!.content.startsWith('[Your proposed edit has introduced new syntax error(s).')).toBe(true);
      // No exit code in these records: the format does not flag the failures.
      expect(flagged(c)).toBe(false);
    }
    // Exact repeats: turn 9 resends turn 7's edit; turn 17 resends turn 16's.
    expect(t.turns[8].calls[0].args).toEqual(t.turns[6].calls[0].args);
    expect(t.turns[16].calls[0].args).toEqual(t.turns[15].calls[0].args);
    expect(t.turns[21].calls[0]).toMatchObject({ name: 'finish', args: { outputs: {} } });
  });

  it('basic_gui_mode.json: exit code -1 is an error; the closing agent message is a text-only turn', async () => {
    const [t] = (await read(`${CORPUS}/tests/runtime/trajs/basic_gui_mode.json`)).transcripts;
    expect(t.turns[3].calls[0]).toMatchObject({
      name: 'execute_bash',
      args: { command: 'cd /workspace/todo-app && python3 -m http.server 8000' },
      result: { isError: true },
    });
    expect(t.turns[4].calls).toEqual([]);
    expect(t.turns[4].text.startsWith("I've created a complete Vue.js todo application")).toBe(true);
  });

  it('basic_interactions.json: user messages are context, agent messages text-only turns', async () => {
    const [t] = (await read(`${CORPUS}/tests/runtime/trajs/basic_interactions.json`)).transcripts;
    expect(t.turns.map((x) => [x.text.slice(0, 15), x.calls.map((c) => c.name), x.before?.map((m) => m.text)])).toEqual(
      [
        ['1 + 1 equals 2.', [], ["what's 1+1?"]],
        ["Goldbach's conj", [], ["No, I mean by Goldbach's conjecture!"]],
        ['', ['finish'], ['Finish please']],
      ],
    );
  });
});

describe('openhands importer: one model response, several actions (fixture)', () => {
  it('groups actions sharing model_response.id into one turn and pairs observations by cause', async () => {
    const { transcripts, warnings } = await read(`${FIXTURES}/parallel-calls.json`);
    const [t] = transcripts;
    expect(t.title).toBe('Fix the tests');
    expect(t.turns).toHaveLength(4);
    expect(t.turns[0]).toMatchObject({
      text: "I'll look at the file and run the tests together.",
      tokens: { input: 1200, output: 80 },
      timestamp: '2026-02-01T10:00:05',
    });
    expect(t.turns[0].calls.map((c) => [c.id, c.name, c.args, c.result])).toEqual([
      [
        'call_a',
        'str_replace_editor',
        { command: 'view', path: '/w/app.py' },
        { content: '1\tdef add(a, b):\n2\t    return a - b', isError: false },
      ],
      ['call_b', 'execute_bash', { command: 'pytest -q' }, { content: '1 failed', isError: true }],
    ]);
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'unknown',
      args: {},
      result: { content: "Parameter 'path' is required.", isError: true },
      rejected: true,
    });
    // Model content is null here: the action's thought is the text.
    expect(t.turns[2]).toMatchObject({ text: 'Run them again.', tokens: { input: 1500, output: 30 } });
    expect(t.turns[3]).toMatchObject({ text: 'All tests pass now.', calls: [] });
    expect(warnings).toEqual([
      { file: 'parallel-calls.json', reason: 'event 10: answers event 99, which is not in this history; skipped' },
      {
        file: 'parallel-calls.json',
        reason: 'event 12: not an OpenHands event (no "action", "observation" or event "kind"); skipped',
      },
    ]);
    await expectRoundTrip(t);
  });
});

describe('openhands importer: condensations', () => {
  it('a V0 condense observation is a system context message marked extra.condensation', async () => {
    const events = [
      { id: 1, source: 'user', action: 'message', args: { content: 'Fix it' } },
      { id: 2, source: 'agent', action: 'run', args: { command: 'ls', thought: '' } },
      { id: 3, source: 'agent', observation: 'run', content: 'a.py', cause: 2, extras: { metadata: { exit_code: 0 } } },
      { id: 4, source: 'agent', observation: 'condense', content: 'Summary of earlier steps' },
      { id: 5, source: 'agent', action: 'run', args: { command: 'cat a.py', thought: '' } },
    ];
    const bytes = new TextEncoder().encode(JSON.stringify(events));
    const { transcripts } = await parseOpenHands(sourceFromBytes('events.json', bytes));
    expect(transcripts[0].turns[1].before).toEqual([
      { role: 'system', text: '[condensation] Summary of earlier steps', extra: { condensation: true } },
    ]);
  });
});

describe('openhands importer: sniffing', () => {
  const ALL = CORPUS_FILES.map(([f]) => f);

  it('claims no file by name alone (output.jsonl is used by many tools)', () => {
    expect(openhandsImporter.matchesName('output.jsonl')).toBe(false);
  });

  it('claims every OpenHands corpus file and its fixture by content', async () => {
    for (const h of fixtureHeads('openhands').filter((x) => x.name !== 'PROVENANCE.tsv'))
      expect(openhandsImporter.sniff(h.head, h.name), h.label).toBeNull();
    for (const file of ALL) {
      const bytes = bytesOf(`${CORPUS}/${file}`);
      expect(openhandsImporter.sniff(new TextDecoder().decode(bytes.subarray(0, 65536)), file), file).toBeNull();
      expect((await importSource(sourceFromBytes(file.split('/').pop()!, bytes))).format, file).toBe('openhands');
    }
  });

  it("claims no other format's file", () => {
    for (const h of foreignHeads('openhands').filter((x) => !x.label.startsWith('corpus/openhands/')))
      expect(openhandsImporter.sniff(h.head, h.name), h.label).not.toBeNull();
  });
});
