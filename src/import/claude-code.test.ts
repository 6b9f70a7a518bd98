import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount, type Transcript } from '../model/transcript';
import { claudeCodeImporter, parseClaudeCode } from './claude-code';
import { fixtureHeads, foreignHeads } from './fixture-heads.test-util';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes } from './source';

const CORPUS = resolve(__dirname, '../../corpus/real/claude-code/test/test_data');
const FIXTURES = resolve(__dirname, 'fixtures/claude-code');

async function read(path: string) {
  return parseClaudeCode(sourceFromBytes(path.split('/').pop()!, new Uint8Array(readFileSync(path))));
}
const calls = (t: Transcript) => t.turns.flatMap((x) => x.calls);

// Every Claude Code file of the corpus: [file, transcripts, turns, calls].
const CORPUS_FILES: [string, number, number, number][] = [
  ['edge_cases.jsonl', 1, 4, 3],
  ['representative_messages.jsonl', 1, 5, 2],
  ['session_b.jsonl', 1, 1, 0],
  ['todowrite_examples.jsonl', 1, 6, 3],
];

describe('claude-code importer: corpus', () => {
  it.each(CORPUS_FILES)('%s: %i transcript(s), %i turns, %i calls, round trip', async (file, n, turns, nCalls) => {
    const { transcripts } = await read(`${CORPUS}/${file}`);
    expect(transcripts).toHaveLength(n);
    expect(transcripts[0].format).toBe('claude-code');
    expect(transcripts[0].turns).toHaveLength(turns);
    expect(callCount(transcripts[0])).toBe(nCalls);
    for (const t of transcripts) await expectRoundTrip(t);
  });

  it('edge_cases.jsonl: error result, broken lines reported with their numbers', async () => {
    const { transcripts, warnings } = await read(`${CORPUS}/edge_cases.jsonl`);
    const [t] = transcripts;
    expect(t.title).toBe('Tested various edge cases including markdown formatting, long text, tool errors…');
    expect(calls(t)[0]).toMatchObject({
      index: 1,
      id: 'tool_edge_001',
      name: 'FailingTool',
      args: { test_param: 'This tool will fail to demonstrate error handling' },
      result: { content: 'Error: Tool execution failed with error: Command not found', isError: true },
    });
    // Line 10 misspells "content", so the MultiEdit call has no result.
    expect(calls(t)[1]).toMatchObject({ index: 2, name: 'MultiEdit' });
    expect(calls(t)[1].result).toBeUndefined();
    expect(calls(t)[2]).toMatchObject({
      index: 3,
      name: 'TodoWrite',
      args: { todos: expect.arrayContaining(['broken_todo']) },
    });
    expect(warnings.map((w) => [w.line, w.reason])).toEqual([
      [10, 'user line has no message.content; skipped'],
      [11, 'user line has no message object; skipped'],
      [13, 'expected a JSON object, got string; skipped'],
      [14, 'line has no "type"; skipped'],
      [15, 'expected a JSON object, got number; skipped'],
      [16, 'expected a JSON object, got an array; skipped'],
    ]);
    expect(t.after).toEqual([{ role: 'user', text: 'wow error', timestamp: '2025-06-14T11:03:01Z' }]);
  });

  it('representative_messages.jsonl: Bash call, result, tokens, timestamps, context', async () => {
    const [t] = (await read(`${CORPUS}/representative_messages.jsonl`)).transcripts;
    expect(t.title).toBe('User learned about Python decorators, including basic decorators and parameteri…');
    expect(t.turns[0]).toMatchObject({ tokens: { input: 25, output: 120 }, timestamp: '2025-06-14T10:00:30Z' });
    expect(t.turns[0].before).toEqual([
      {
        role: 'user',
        text: 'Hello Claude! Can you help me understand how Python decorators work?',
        timestamp: '2025-06-14T10:00:00Z',
      },
    ]);
    expect(t.turns[3].calls[0]).toMatchObject({
      index: 2,
      id: 'tool_002',
      name: 'Bash',
      args: { command: 'python /tmp/decorator_example.py', description: 'Run the decorator example to show output' },
      result: { content: 'Hello, Alice!\nHello, Alice!\nHello, Alice!', isError: false },
    });
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'Edit',
      args: { file_path: '/tmp/decorator_example.py', old_string: '' },
    });
  });

  it('session_b.jsonl: no summary, so the first user message is the title', async () => {
    const [t] = (await read(`${CORPUS}/session_b.jsonl`)).transcripts;
    expect(t.title).toBe('This is from a different session file to test multi-session handling.');
    expect(t.after).toHaveLength(1);
  });

  it('todowrite_examples.jsonl: three TodoWrite calls with their results', async () => {
    const [t] = (await read(`${CORPUS}/todowrite_examples.jsonl`)).transcripts;
    expect(t.title).toBe('Feature Implementation with Task Management');
    expect(calls(t).map((c) => [t.turns.findIndex((x) => x.calls.includes(c)) + 1, c.name])).toEqual([
      [2, 'TodoWrite'],
      [4, 'TodoWrite'],
      [6, 'TodoWrite'],
    ]);
    for (const c of calls(t)) {
      expect(c.result?.content.startsWith('Todos have been modified successfully.')).toBe(true);
      expect(c.result?.isError).toBe(false);
    }
    expect((calls(t)[2].args as { todos: unknown[] }).todos).toHaveLength(6);
  });
});

describe('claude-code importer: split responses, sidechains, API errors (fixture)', () => {
  const load = () => read(`${FIXTURES}/split-sidechain.jsonl`);

  it('merges the lines of one message.id into one turn, results coming in between', async () => {
    const [t] = (await load()).transcripts;
    expect(t.turns).toHaveLength(5);
    expect(t.turns[0]).toMatchObject({
      text: 'Let me look at both files.',
      timestamp: '2026-01-05T09:00:02.000Z',
      // input = 10 + 100 cache creation + 1000 cache read; output = the largest seen.
      tokens: { input: 1110, output: 61 },
      extra: { thinking: 'Read both files first.' },
    });
    expect(t.turns[0].calls.map((c) => [c.index, c.name, c.args, c.result])).toEqual([
      [1, 'Read', { file_path: '/repo/calc.py' }, { content: 'def add(a, b):\n    return a - b', isError: false }],
      [
        2,
        'Read',
        { file_path: '/repo/test_calc.py' },
        { content: 'def test_add():\n    assert add(1, 2) == 3', isError: false },
      ],
    ]);
  });

  it('gives sidechain turns and calls their agent (agentId, else "sidechain")', async () => {
    const [t] = (await load()).transcripts;
    expect(t.turns[1].agent).toBeUndefined();
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'Task',
      result: { content: 'The test fails: add subtracts.', isError: false },
    });
    expect(t.turns[2]).toMatchObject({ agent: 'a1b2', tokens: { input: 300, output: 12 } });
    expect(t.turns[2].before).toEqual([
      { role: 'user', text: 'Run the tests', timestamp: '2026-01-05T09:00:09.000Z', extra: { agent: 'a1b2' } },
    ]);
    expect(t.turns[2].calls[0]).toMatchObject({
      name: 'Bash',
      args: { command: 'pytest -q' },
      agent: 'a1b2',
      result: { content: '1 failed, 0 passed', isError: true },
    });
    expect(t.turns[3]).toMatchObject({ agent: 'sidechain', text: 'The test fails: add subtracts.', calls: [] });
  });

  it('turns an API error record into system context, not a turn; warns only on the unknown type', async () => {
    const { transcripts, warnings } = await load();
    const [t] = transcripts;
    expect(t.turns[4].text).toBe('Fixed: add now returns a + b.');
    expect(t.turns[4].before).toEqual([
      {
        role: 'system',
        text: 'API Error: 529 Overloaded',
        timestamp: '2026-01-05T09:00:20.000Z',
        extra: { apiError: true, error: 'overloaded', apiErrorStatus: 529 },
      },
    ]);
    expect(warnings).toEqual([
      { file: 'split-sidechain.jsonl', line: 17, reason: 'unknown entry type "mystery"; skipped' },
    ]);
    expect(t.title).toBe('Fix add() in calc.py');
    expect(t.extra).toEqual({ sessionId: 's-fix-1' });
    await expectRoundTrip(t);
  });
});

describe('claude-code importer: a subagent transcript file (synthetic, current layout)', () => {
  it('is kept as its own transcript, titled by its agent, linked to its parent session', async () => {
    const path = `${FIXTURES}/5d1f0000-aaaa-4bbb-8ccc-000000000001/subagents/agent-a1b2c3.jsonl`;
    const { transcripts, warnings } = await read(path);
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(transcripts).toHaveLength(1);
    expect(t.title).toBe('Subagent a1b2c3: Find where add() is tested');
    expect(t.extra).toEqual({ agentId: 'a1b2c3', parentSessionId: '5d1f0000-aaaa-4bbb-8ccc-000000000001' });
    expect(t.turns.map((x) => [x.agent, x.text, x.calls.map((c) => c.name)])).toEqual([
      ['a1b2c3', '', ['Grep']],
      ['a1b2c3', 'In test_calc.py, line 1.', []],
    ]);
    await expectRoundTrip(t);
  });
});

describe('claude-code importer: sniffing', () => {
  it('does not claim a file by name: session files are <uuid>.jsonl', () => {
    expect(claudeCodeImporter.matchesName('0b7d3c1e-1111-2222-3333-444455556666.jsonl')).toBe(false);
  });

  it('claims its fixtures and every Claude Code corpus file by content', async () => {
    for (const h of fixtureHeads('claude-code')) expect(claudeCodeImporter.sniff(h.head, h.name), h.label).toBeNull();
    for (const [file] of CORPUS_FILES) {
      const bytes = new Uint8Array(readFileSync(`${CORPUS}/${file}`));
      expect(claudeCodeImporter.sniff(new TextDecoder().decode(bytes.subarray(0, 65536)), file), file).toBeNull();
      expect((await importSource(sourceFromBytes(file, bytes))).format).toBe('claude-code');
    }
  });

  it("claims no other format's file", () => {
    for (const h of foreignHeads('claude-code').filter((x) => !x.label.startsWith('corpus/claude-code/')))
      expect(claudeCodeImporter.sniff(h.head, h.name), h.label).not.toBeNull();
  });

  it('says why a file is not Claude Code', () => {
    expect(claudeCodeImporter.sniff('{"role":"user","content":"hi"}\n', 'x.jsonl')).toBe(
      'no Claude Code entry near the start (a "type" of user/assistant/summary/... with "sessionId", "parentUuid" or "leafUuid")',
    );
    expect(claudeCodeImporter.sniff('', 'x.jsonl')).toBe('the file is empty');
  });
});
