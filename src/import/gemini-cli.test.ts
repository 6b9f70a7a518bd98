import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseGeminiCli, sniffGeminiCli } from './gemini-cli';
import { importSource } from './index';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'gemini-cli';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseGeminiCli(sourceFromText(file, text));

describe('Gemini CLI importer', () => {
  it('reads a JSON ConversationRecord: toolCalls with results, status error/cancelled as errors', async () => {
    const { transcripts, warnings } = await parse('session-2025-09-18T14-02-5d1f6a2b.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('Why does `npm run lint` fail?');
    expect(t.extra).toMatchObject({
      sessionId: '5d1f6a2b-8c3e-4b7a-9f10-2e6d4c8b1a90',
      startTime: '2025-09-18T14:02:11.482Z',
    });
    expect(t.turns).toHaveLength(3);
    expect(t.turns.map((x) => x.calls.map((c) => `${c.index}:${c.name}`))).toEqual([
      ['1:run_shell_command'],
      ['2:read_file', '3:replace'],
      [],
    ]);
    // Output tokens include thinking tokens (candidates 41 + thoughts 120).
    expect(t.turns[0]).toMatchObject({
      text: "I'll run the linter to see the errors.",
      tokens: { input: 9321, output: 161 },
      timestamp: '2025-09-18T14:02:15.120Z',
      extra: { model: 'gemini-2.5-pro' },
    });
    expect(t.turns[0].calls[0]).toEqual({
      index: 1,
      id: 'run_shell_command-1758204135120-3a9e1c',
      name: 'run_shell_command',
      args: { command: 'npm run lint', description: 'Run the linter' },
      result: {
        content:
          "Command: npm run lint\nExit Code: 1\nStdout: src/app.ts 12:5 error 'x' is assigned a value but never used",
        // The status says success (the command ran); its exit code says it failed.
        isError: true,
      },
    });
    expect(t.turns[1].calls.map((c) => c.result)).toEqual([
      { content: 'File not found: /home/dev/app/src/App.ts', isError: true },
      { content: '[Operation Cancelled] Reason: User did not allow tool call', isError: true },
    ]);
    expect(t.turns[2].before).toEqual([
      { role: 'system', text: '[info] Request cancelled.', timestamp: '2025-09-18T14:02:41.000Z' },
      { role: 'user', text: "Just tell me what's wrong.", timestamp: '2025-09-18T14:04:50.000Z' },
    ]);
    await expectRoundTrip(t);
  });

  it('replays a JSONL recording: updated ids replace, $rewindTo drops, $set.summary titles', async () => {
    const { transcripts, warnings } = await parse('session-2026-02-03T09-30-8e2a41c7.jsonl');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('Add --verbose flag to cli.py');
    expect(t.turns.map((x) => x.text)).toEqual(['Reading cli.py first.', 'Adding the flag.']);
    expect(t.turns[0].tokens).toEqual({ input: 4100, output: 42 });
    expect(t.turns[0].calls).toEqual([
      {
        index: 1,
        id: 'read_file-1',
        name: 'read_file',
        args: { absolute_path: '/w/cli.py' },
        result: { content: 'import argparse\n', isError: false },
      },
    ]);
    expect(t.turns[1].calls[0]).toMatchObject({ index: 2, name: 'replace', result: { isError: false } });
    await expectRoundTrip(t);
  });

  it('reads Gemini API contents: calls paired by id, or by name when ids are missing', async () => {
    const { transcripts, warnings } = await parse('checkpoint-fix-tests.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    // The CLI's generated setup message is not the title.
    expect(t.title).toBe('Run the unit tests.');
    expect(t.turns.map((x) => x.text)).toEqual([
      'Got it. Thanks for the context!',
      'Running pytest.',
      '',
      'The run timed out; two tests failed before that.',
    ]);
    expect(t.turns.flatMap((x) => x.calls).map((c) => [c.index, c.id, c.name, c.args, c.result])).toEqual([
      [
        1,
        'run_shell_command-1',
        'run_shell_command',
        { command: 'pytest -q' },
        { content: '2 failed, 10 passed', isError: false },
      ],
      [
        2,
        undefined,
        'run_shell_command',
        { command: 'pytest -q' },
        { content: 'Command timed out after 120s', isError: true },
      ],
    ]);
    await expectRoundTrip(t);
  });

  it('never throws on odd records', async () => {
    const text = [
      '{"sessionId":"s","projectHash":"p"}',
      '{"id":"a","type":"gemini","content":null,"toolCalls":[3,{"name":"ls","status":"executing"}]}',
      '{"id":"b","type":"thought"}',
      '"hello"',
      '{"what":1}',
    ].join('\n');
    const { transcripts, warnings } = await parse('odd.jsonl', text);
    expect(transcripts[0].turns[0].calls).toEqual([{ index: 1, name: 'ls', args: {} }]);
    expect(warnings.map((w) => [w.line, w.reason])).toEqual([
      [4, 'not a JSON object; skipped'],
      [5, 'neither session metadata, a message, $set nor $rewindTo; skipped'],
      [undefined, 'message 1: tool call 1 is not an object; skipped'],
      [undefined, 'message 2: unknown message type "thought"; skipped'],
    ]);
  });

  it('sniffs its own fixtures and none of the other formats', () => {
    for (const f of fixtureHeads(FORMAT)) expect(sniffGeminiCli(f.head), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT).filter((x) => !x.label.startsWith('corpus/gemini-cli/')))
      expect(sniffGeminiCli(f.head), f.label).not.toBeNull();
  });

  it('is what detection picks for every one of its fixtures', async () => {
    for (const f of fixtureHeads(FORMAT))
      expect((await importSource(sourceFromText(f.name, readFixture(FORMAT, f.name)))).format).toBe(FORMAT);
  });
});

describe('Gemini CLI sessions of the real corpus', () => {
  it('a shell command that ran with a non-zero exit code is an error, though its status says success', async () => {
    const path = resolve(
      __dirname,
      '../../corpus/real/gemini-cli/mischa-thisness__M-Gemini/Archives/session-2025-12-03T04-27-e0f6ebe9.json',
    );
    const { transcripts } = await parseGeminiCli(sourceFromText(path, readFileSync(path, 'utf8')));
    const calls = transcripts[0].turns.flatMap((t) => t.calls);
    expect(calls.map((c) => [c.name, c.result?.isError])).toEqual([
      ['run_shell_command', true],
      ['run_shell_command', true],
    ]);
    expect(calls[0].result?.content).toMatch(/^Command: docker run -d --name vaultwarden .*\nExit Code: 1/s);
  });

  it("keeps the model's thoughts as the turn's reasoning: each subject, then its description", async () => {
    const path = resolve(
      __dirname,
      '../../corpus/real/gemini-cli/mischa-thisness__M-Gemini/Archives/session-2025-12-30T07-24-a1c91f1a.json',
    );
    const { transcripts } = await parseGeminiCli(sourceFromText(path, readFileSync(path, 'utf8')));
    const [first] = transcripts[0].turns;
    const reasoning = String(first.extra?.reasoning);
    expect(reasoning.startsWith('Considering the Environment\n')).toBe(true);
    expect(reasoning).toContain("I'm currently focused on determining the user's desktop environment");
    expect(first.extra?.model).toBe('gemini-3-pro-preview');
    expect(transcripts[0].turns.filter((t) => typeof t.extra?.reasoning === 'string')).toHaveLength(5);
  });
});
