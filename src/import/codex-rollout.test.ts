import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codexRolloutImporter, parseCodexRollout, sniffCodexRollout } from './codex-rollout';
import { importSource } from './index';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'codex-rollout';
const MODERN = 'rollout-2025-10-16T10-21-30-0199ed7a-5f3b-7c12-a8e2-3c4d5e6f7a8b.jsonl';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseCodexRollout(sourceFromText(file, text));

describe('Codex rollout importer', () => {
  it('reads a {timestamp, type, payload} rollout: turns, calls, exit codes and token counts', async () => {
    const { transcripts, warnings } = await parse(MODERN);
    expect(warnings).toEqual([]);
    expect(transcripts).toHaveLength(1);
    const [t] = transcripts;
    // The <environment_context> message is injected by the harness; the title is what the user typed.
    expect(t.title).toBe('The build is failing on main. Fix the TypeScript error in src/store.ts.');
    expect(t.extra).toEqual({
      sessionId: '0199ed7a-5f3b-7c12-a8e2-3c4d5e6f7a8b',
      cwd: '/home/dev/todo-app',
      cliVersion: '0.46.0',
      model: 'gpt-5-codex',
    });
    expect(t.turns).toHaveLength(5);
    expect(t.turns.map((x) => x.calls.map((c) => `${c.index}:${c.name}`))).toEqual([
      ['1:shell'],
      ['2:shell'],
      ['3:apply_patch'],
      ['4:shell'],
      [],
    ]);
    expect(t.turns[0].before?.map((m) => m.role)).toEqual(['user', 'user']);
    expect(t.turns[0]).toMatchObject({
      timestamp: '2025-10-16T10:21:38.201Z',
      tokens: { input: 5120, output: 211 },
      extra: { reasoning: '**Reproducing the build error**' },
    });
    expect(t.turns[0].calls[0]).toEqual({
      index: 1,
      id: 'call_9bX2kLm1',
      name: 'shell',
      args: { command: ['bash', '-lc', 'npx tsc --noEmit'], workdir: '/home/dev/todo-app', timeout_ms: 120000 },
      // The output text has no exit code; exec_command_end's exit_code 2 marks it an error.
      result: {
        content: "src/store.ts(14,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        isError: true,
      },
    });
    expect(t.turns[1].tokens).toEqual({ input: 5760, output: 57 });
    expect(t.turns[1].calls[0].result?.isError).toBe(false);
    expect(t.turns[2].text).toBe("`id` is a number but gets a UUID string. I'll make `id` a string.");
    expect(t.turns[2].calls[0].args).toEqual({
      input: '*** Begin Patch\n*** Update File: src/store.ts\n@@\n-  id: number;\n+  id: string;\n*** End Patch\n',
    });
    // No token_count came between turn 4 and turn 5: tokens stay where they were reported.
    expect(t.turns[3].tokens).toBeUndefined();
    expect(t.turns[3].calls[0].result).toEqual({
      content: 'Exit code: 0\nWall time: 3.1 seconds\nOutput:\n',
      isError: false,
    });
    expect(t.turns[4]).toMatchObject({
      text: 'Fixed: `Todo.id` is now a string and `tsc` passes.',
      tokens: { input: 6400, output: 48 },
    });
    await expectRoundTrip(t);
  });

  it('reads a legacy rollout: bare meta line, state markers, bare items, local_shell_call', async () => {
    const { transcripts, warnings } = await parse('legacy-rollout.jsonl');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('list the python files');
    expect(t.extra).toEqual({ sessionId: 'c3c4b301-27c8-4c70-b6e4-46b99fdf0236' });
    expect(t.turns).toHaveLength(3);
    expect(t.turns[0].calls[0]).toMatchObject({
      id: 'call_ls1',
      name: 'local_shell',
      args: { command: ['bash', '-lc', 'ls *.py'] },
      result: { isError: true },
    });
    expect(t.turns[1].calls[0].result?.isError).toBe(false);
    expect(t.turns[2].text).toBe('There are two: src/app.py and tests/test_app.py.');
    await expectRoundTrip(t);
  });

  it('warns about bad lines and unknown types, and keeps going', async () => {
    const text = [
      '{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}',
      '{not json',
      '{"timestamp":"t","type":"telemetry","payload":{}}',
      '{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"ghost","output":"x"}}',
      '{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"not json","call_id":"c"}}',
      '[]',
    ].join('\n');
    const { transcripts, warnings } = await parse('rollout-x.jsonl', text);
    expect(transcripts[0].turns[0].calls[0]).toMatchObject({ name: 'shell', args: 'not json' });
    expect(warnings.map((w) => [w.line, w.reason.replace(/^not valid JSON \(.*\)$/, 'not valid JSON')])).toEqual([
      [2, 'not valid JSON'],
      [3, 'unknown rollout line type "telemetry"; skipped'],
      [4, 'response item (function_call_output) answers call id "ghost", which no assistant turn made; skipped'],
      [6, 'not a JSON object; skipped'],
    ]);
  });

  it('claims rollout-*.jsonl by name and sniffs its own fixtures and none of the other formats', () => {
    expect(codexRolloutImporter.matchesName('sessions/2025/10/16/rollout-2025-10-16T10-21-30-abc.jsonl')).toBe(true);
    expect(codexRolloutImporter.matchesName('rollout.json')).toBe(false);
    for (const f of fixtureHeads(FORMAT)) expect(sniffCodexRollout(f.head), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT).filter((x) => !x.label.startsWith('corpus/codex/')))
      expect(sniffCodexRollout(f.head), f.label).not.toBeNull();
  });

  it('is what detection picks for every one of its fixtures, even renamed', async () => {
    for (const f of fixtureHeads(FORMAT))
      expect((await importSource(sourceFromText('session.jsonl', readFixture(FORMAT, f.name)))).format).toBe(FORMAT);
  });
});

describe('Codex rollouts of the real corpus', () => {
  const DIR = resolve(
    __dirname,
    '../../corpus/real/codex/Python-AI-Solutions__agentic-neurodata-conversion/.codex/sessions/2025/09',
  );
  const real = (path: string) => parseCodexRollout(sourceFromText(path, readFileSync(resolve(DIR, path), 'utf8')));

  it('a call the user refused ("exec command rejected by user") is an error', async () => {
    const [t] = (await real('26/rollout-2025-09-26T19-38-50-0199865a-ee71-7ae3-b232-87583b038e9f.jsonl')).transcripts;
    const refused = t.turns
      .flatMap((x) => x.calls)
      .filter((c) => c.result?.content === 'exec command rejected by user');
    expect(refused.map((c) => [c.index, c.result?.isError])).toEqual([
      [2, true],
      [3, true],
      [4, true],
    ]);
  });

  it('shell output is the text the model read, the exit code its error flag; the IDE extension title is the request', async () => {
    const [t] = (await real('29/rollout-2025-09-29T17-33-37-0199955b-5deb-72e2-9988-4b1b799e1206.jsonl')).transcripts;
    expect(t.title.startsWith('# Context from my IDE setup')).toBe(false);
    expect(t.turns[0].calls[0].result).toEqual({
      content: '/bin/bash: line 1: ./specify: No such file or directory\n',
      isError: true,
    });
    expect(t.turns[1].calls[0].result?.isError).toBe(false);
  });
});
