import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCall, Transcript } from '../model/transcript';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes, sourceFromText } from './source';
import { parseSpecStory } from './specstory';

const HISTORY = path.resolve(__dirname, '../../corpus/real/cursor/edobry__minsky/.specstory/history');
const EXCERPT = path.resolve(__dirname, 'fixtures/specstory/claude-code-pr-review.excerpt.md');

async function load(file: string, name = file): Promise<Transcript> {
  const r = await importSource(sourceFromBytes(name, new Uint8Array(readFileSync(file))));
  expect(r.format).toBe('specstory');
  return r.transcripts[0];
}
const calls = (t: Transcript): ToolCall[] => t.turns.flatMap((u) => u.calls);
const fromText = async (text: string, name = 'chat.md') =>
  (await parseSpecStory(sourceFromText(name, text))).transcripts[0];

describe('SpecStory exports of Cursor chats (edobry/minsky, six real files)', () => {
  it.each([
    ['2025-04-26_20-30-setting-up-minsky-cli-with-bun.md', 'Setting Up Minsky CLI with Bun', 85, 61],
    ['2025-04-29_16-46-debugging-pr-command-logic.md', 'Debugging PR Command Logic', 74, 60],
    ['2025-04-29_17-23-available-tasks-inquiry.md', 'Available Tasks Inquiry', 122, 115],
    ['2025-04-30_19-35-task-008-testing-and-review-updates.md', 'Task 008: Testing and Review Updates', 166, 157],
    ['2025-05-01_16-39-continuing-task-022-progress.md', 'Continuing Task 022 Progress', 240, 232],
    ['2025-05-01_19-32-starting-task-027.md', 'Starting Task 027', 255, 242],
  ])('%s: a turn per tool block (a call) and for the words after the last', async (file, title, turns, n) => {
    const t = await load(path.join(HISTORY, file));
    expect(t.title).toBe(title);
    expect(t.turns).toHaveLength(turns);
    expect(calls(t)).toHaveLength(n);
  });

  it('shows the 22 `bun test` runs amid the same failures as 22 shell calls with their output', async () => {
    const t = await load(path.join(HISTORY, '2025-05-01_16-39-continuing-task-022-progress.md'));
    const byName: Record<string, number> = {};
    for (const c of calls(t)) byName[c.name] = (byName[c.name] ?? 0) + 1;
    expect(byName).toEqual({
      run_terminal_cmd: 129,
      edit_file: 44,
      read_file: 42,
      codebase_search: 6,
      grep_search: 4,
      cancelled: 4,
      fetch_rules: 2,
      list_dir: 1,
    });
    const runs = calls(t).filter(
      (c) => c.name === 'run_terminal_cmd' && (c.args as { command: string }).command === 'bun test',
    );
    expect(runs).toHaveLength(22);
    // Failing tests (" 3 fail") flag the result; the runs that passed are not errors.
    expect(runs.filter((c) => c.result?.isError)).toHaveLength(19);
    expect(runs[0].index).toBe(6);
    expect(
      runs[0].result?.content.startsWith('edobry@linkslate task#022 % bun test\nbun test v1.2.10 (db2e7d7f)'),
    ).toBe(true);
    expect(runs[0].result?.isError).toBe(true);
    expect(runs[0].result?.inferred).toBeUndefined();
    expect(new Set(runs.map((c) => t.turns.find((u) => u.calls.includes(c))!.index))).toEqual(
      new Set([6, 13, 18, 23, 24, 34, 36, 78, 103, 106, 110, 167, 181, 188, 193, 194, 196, 209, 215, 221, 222, 226]),
    );
  });

  it('reads the first call with its arguments and result, and a cancelled call as an error', async () => {
    const t = await load(path.join(HISTORY, '2025-04-26_20-30-setting-up-minsky-cli-with-bun.md'));
    expect(calls(t)[0]).toEqual({
      index: 1,
      name: 'list_dir',
      args: { path: '.' },
      result: {
        content:
          '| Name |\n|-------|\n| 📄 `minsky.code-workspace` |\n| 📄 `.cursorindexingignore` |\n| 📁 `.specstory` |',
        isError: false,
      },
    });
    expect(calls(t)[1]).toMatchObject({
      name: 'run_terminal_cmd',
      args: { command: 'eval "$(/opt/homebrew/bin/brew shellenv)"' },
    });
    expect(t.turns[0].before).toEqual([
      { role: 'user', text: 'initialize a bun typescript project for a CLI tool called minsky' },
    ]);
    const debug = await load(path.join(HISTORY, '2025-04-29_16-46-debugging-pr-command-logic.md'));
    const cancelled = calls(debug).filter((c) => c.name === 'cancelled');
    expect(cancelled).toHaveLength(3);
    expect(cancelled[0]).toMatchObject({ args: {}, result: { content: 'Cancelled', isError: true } });
  });

  it('round-trips through Loopscope JSONL', async () => {
    await expectRoundTrip(await load(path.join(HISTORY, '2025-05-01_16-39-continuing-task-022-progress.md')));
  });
});

describe('SpecStory exports of Claude Code sessions (Markdown v2.1.0)', () => {
  it('turns each Agent message into a turn, `<tool-use>` blocks into calls with their input and output', async () => {
    const t = await load(EXCERPT);
    expect(t.title).toBe("Let's address 4 and combine the check for warmup and TEXTBLOCK");
    expect(t.extra).toEqual({
      provider: 'Claude Code',
      sessionId: '402328e8-1b18-4ba4-88d1-90c72af485aa',
      generatedBy: 'SpecStory, Markdown v2.1.0',
    });
    expect(t.turns).toHaveLength(13);
    expect(calls(t).map((c) => c.name)).toEqual(['Read', 'Edit', 'Edit', 'Edit', 'Bash', 'Bash']);
    const [read, rejected, edit, , lint, test] = calls(t);
    expect(read.args).toEqual({ path: './pkg/providers/claudecode/provider.go' });
    expect(read.result?.content.startsWith('   664→\t\tif (sessionID != ""')).toBe(true);
    expect(rejected.result).toMatchObject({ isError: true });
    expect(rejected.result?.content.startsWith("The user doesn't want to proceed with this tool use.")).toBe(true);
    expect(edit.result?.isError).toBe(false);
    expect(lint).toMatchObject({
      args: { command: 'golangci-lint run', description: 'Run linter' },
      result: { content: '0 issues.', isError: false },
      extra: { toolType: 'shell' },
    });
    expect((test.args as { command: string }).command).toBe(
      'go test -v ./pkg/providers/claudecode/ -run "TestFindFirstUserMessage|TestFilterWarmup"',
    );
    expect(
      test.result?.content.endsWith(
        'ok  \tgithub.com/specstoryai/getspecstory/specstory-cli/pkg/providers/claudecode\t0.387s',
      ),
    ).toBe(true);
    expect(t.turns[1]).toMatchObject({ timestamp: '2026-03-02T22:30:10Z', extra: { model: 'claude-opus-4-6' } });
    expect((t.turns[3].extra as { thinking: string }).thinking.startsWith('Thought Process')).toBe(false);
    expect(
      (t.turns[3].extra as { thinking: string }).thinking.startsWith('The user wants to address improvement #4'),
    ).toBe(true);
    expect(t.turns[6].before?.map((m) => m.text)).toEqual([
      '[Request interrupted by user for tool use]',
      'actually, 4 and 7 maybe?',
    ]);
    expect(t.after).toHaveLength(2);
    await expectRoundTrip(t);
  });

  it('puts a subagent\'s messages under agent "sidechain"; its prompt is a user message of that agent', async () => {
    const t = await fromText(
      [
        '_**User (2026-01-28 13:36:04Z)**_',
        'review PR 150',
        '_**Agent (claude-opus-4-5-20251101 2026-01-28 13:36:17Z)**_',
        '<tool-use data-tool-type="generic" data-tool-name="Task"><details>',
        '<summary>Tool use: **Task**</summary>',
        'Read full PR diff',
        '',
        '```text',
        'Async agent launched successfully.',
        '```',
        '</details></tool-use>',
        '_**Agent - sidechain (2026-01-28 13:36:16Z)**_',
        'Read the file at /tmp/x.txt and return the COMPLETE contents.',
        '_**Agent - sidechain (claude-haiku-4-5-20251001 2026-01-28 13:36:20Z)**_',
        '<tool-use data-tool-type="read" data-tool-name="Read"><details>',
        '<summary>Tool use: **Read**</summary>',
        ' `/tmp/x.txt`',
        '',
        '```text',
        '<tool_use_error>File content (380.4KB) exceeds maximum allowed size (256KB).</tool_use_error>',
        '```',
        '</details></tool-use>',
      ].join('\n'),
    );
    expect(t.turns).toHaveLength(2);
    expect(calls(t)[0]).toMatchObject({
      name: 'Task',
      args: { description: 'Read full PR diff' },
      result: { content: 'Async agent launched successfully.', isError: false },
      extra: { toolType: 'generic' },
    });
    expect(t.turns[0].agent).toBeUndefined();
    expect(t.turns[1].agent).toBe('sidechain');
    expect(t.turns[1].before?.[0]).toEqual({
      role: 'user',
      text: 'Read the file at /tmp/x.txt and return the COMPLETE contents.',
      timestamp: '2026-01-28T13:36:16Z',
      extra: { agent: 'sidechain' },
    });
    expect(calls(t)[1]).toMatchObject({
      name: 'Read',
      agent: 'sidechain',
      args: { path: '/tmp/x.txt' },
      result: { isError: true },
    });
  });
});

describe('other SpecStory flavours (hand-written after the layouts of public exports)', () => {
  it('Cursor v2: `<tool-use>` with the call in its summary, and a tool that failed before it ran', async () => {
    const t = await fromText(
      [
        // No Markdown version in the header: the `<tool-use>` blocks alone say it is v2, so the lone
        // fence below is the model's text, not an edit.
        '<!-- Generated by SpecStory -->',
        '_**User (2025-11-01 10:00Z)**_',
        'fix the attack logic',
        '---',
        '_**Agent (model claude-4.5-sonnet, mode Agent)**_',
        'Checking the code.',
        "Error calling tool 'codebase_search'.",
        '<tool-use data-tool-type="read" data-tool-name="read_file">',
        '<details><summary>Tool use: **read_file** • Read file: Assets/Scripts/CatBed.cs</summary>',
        '',
        '</details>',
        '</tool-use>',
        '<tool-use data-tool-type="search" data-tool-name="grep">',
        '<details>',
        '<summary>Tool use: **grep** • Grep for "AttackZone" in "Assets/Scripts" • 3 matches</summary>',
        '',
        '| File | Line |',
        '</details>',
        '</tool-use>',
        '<tool-use data-tool-type="write" data-tool-name="search_replace" data-edit-status="rejected">',
        '<details><summary>Tool use: **search_replace** • Edit file: Assets/Scripts/move.cs</summary>',
        '```diff',
        '-  a',
        '+  b',
        '```',
        '</details>',
        '</tool-use>',
        'Done.',
        '---',
        '```ts',
        'attack();',
        '```',
      ].join('\n'),
    );
    // A turn per call, the words before it as its text; the words after the last call a turn of their own.
    expect(t.turns.map((u) => [u.text, u.calls.length])).toEqual([
      ['Checking the code.', 1],
      ['', 1],
      ['', 1],
      ['', 1],
      ['Done.\n\n```ts\nattack();\n```', 0],
    ]);
    expect(t.turns[0].extra).toEqual({ model: 'claude-4.5-sonnet', mode: 'Agent' });
    expect(calls(t).map((c) => [c.name, c.args, c.result?.isError])).toEqual([
      ['codebase_search', {}, true],
      ['read_file', { path: 'Assets/Scripts/CatBed.cs' }, undefined],
      ['grep', { query: 'AttackZone', path: 'Assets/Scripts' }, false],
      ['search_replace', { path: 'Assets/Scripts/move.cs', diff: '-  a\n+  b' }, true],
    ]);
  });

  it("Copilot: `Parameters:` JSON with the terminal's exit code decides the error flag", async () => {
    const block = (code: number) => [
      '<tool-use data-tool-type="unknown" data-tool-name="run_in_terminal">',
      '<details>',
      '<summary>Tool use: **run_in_terminal**</summary>',
      '',
      'Parameters:',
      '',
      '```json',
      `{"kind": "terminal", "commandLine": {"original": "npm test"}, "terminalCommandState": {"exitCode": ${code}}}`,
      '```',
      '</details>',
      '</tool-use>',
    ];
    const t = await fromText(
      [
        '_**User (2025-12-16 13:58Z)**_',
        'run the tests',
        '---',
        '_**Agent (model copilot/gemini-3-pro-preview)**_',
        ...block(1),
        ...block(0),
      ].join('\n'),
      'x/.specstory/history/2025-12-16_13-58Z-run.md',
    );
    expect(calls(t).map((c) => c.result?.isError)).toEqual([true, false]);
    expect((calls(t)[0].args as { commandLine: unknown }).commandLine).toEqual({ original: 'npm test' });
  });

  it('Cursor (mid 2025): `Tool use: **name**` blocks and `_****_` continuations', async () => {
    const t = await fromText(
      [
        '<!-- Generated by SpecStory -->',
        '_**User (2025-10-01 23:30Z)**_',
        'die Avatare fliegen nicht mehr',
        '---',
        '_**Assistant (claude-4.5-sonnet-thinking)**_',
        '<think><details><summary>Thought Process</summary>Ich schaue mir script.js an.</details></think>',
        '---',
        'Tool use: **read_file**',
        '',
        'Read file: /home/dev/mastowall/script.js',
        '---',
        '_****_',
        '---',
        'Tool use: **run_terminal_cmd**',
        '',
        '```bash',
        'npm test',
        '```',
        '',
        '```',
        ' 2 fail',
        '```',
      ].join('\n'),
    );
    expect(t.turns).toHaveLength(2);
    expect(t.turns[0].extra).toEqual({ model: 'claude-4.5-sonnet-thinking', thinking: 'Ich schaue mir script.js an.' });
    expect(t.turns[1].extra).toEqual({ model: 'claude-4.5-sonnet-thinking' });
    expect(calls(t).map((c) => [c.name, c.args, c.result?.isError])).toEqual([
      ['read_file', { path: '/home/dev/mastowall/script.js' }, undefined],
      ['run_terminal_cmd', { command: 'npm test' }, true],
    ]);
  });
});
