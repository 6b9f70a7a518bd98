import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../model/transcript';
import { parseClineTask, sniffClineTask } from './cline-task';
import { sniffClineUiMessages } from './cline-ui-messages';
import { callSummary, TERRAFORM_CALLS, TERRAFORM_TITLE } from './cline.test-util';
import { fixtureHeads, foreignHeads } from './fixture-heads.test-util';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromText } from './source';

const DIR = path.resolve(__dirname, 'fixtures/cline-task');
const read = (p: string) => readFileSync(path.join(DIR, p), 'utf8');
const history = (task: string) => `${task}/api_conversation_history.json`;

async function load(task: string): Promise<{ t: Transcript; warnings: unknown[] }> {
  const r = await parseClineTask(sourceFromText('api_conversation_history.json', read(history(task))));
  expect(r.transcripts).toHaveLength(1);
  return { t: r.transcripts[0], warnings: r.warnings };
}

const calls = (t: Transcript) => t.turns.flatMap((u) => u.calls);

async function importHistory(messages: unknown[]): Promise<Transcript> {
  const r = await parseClineTask(sourceFromText('api_conversation_history.json', JSON.stringify(messages)));
  return r.transcripts[0];
}

describe('Cline task history (XML tool calls)', () => {
  it('turns the XML in the assistant text into calls and the user answers into results', async () => {
    const { t, warnings } = await load('xml-task');
    expect(warnings).toEqual([]);
    expect(t.format).toBe('cline-task');
    expect(t.title).toBe(TERRAFORM_TITLE);
    expect(t.turns).toHaveLength(11);
    expect(calls(t)).toHaveLength(12);
    expect(callSummary(t)).toEqual(TERRAFORM_CALLS);
  });

  it('keeps the arguments, the answer and why it is an error', async () => {
    const { t } = await load('xml-task');
    const [read1, plan] = calls(t);
    expect(read1.args).toEqual({ path: 'infra/main.tf' });
    expect(read1.result?.content.startsWith('resource "google_cloud_run_service" "app" {')).toBe(true);
    expect(plan.args).toEqual({ command: 'cd infra && terraform plan -no-color', requires_approval: 'false' });
    // Cline's wrapper has no exit code: the rules read the output inside it.
    expect(plan.result).toEqual({
      content:
        'Command executed.\nOutput:\n\nError: Reference to undeclared resource\n\n  on main.tf line 7, in resource "google_cloud_run_service" "app":\n   7:       service_account_name = google_service_account.runner.email\n\nA managed resource "google_service_account" "runner" has not been declared in\nthe root module.\n',
      isError: true,
      inferred: 'error-prefix',
    });
    // The turn text is the prose; the thinking block stays in it, the call XML does not.
    expect(t.turns[1].text).toBe('Let me run the plan to see the exact error.');
    expect(t.turns[0].text).toBe(
      '<thinking>\nThe user says terraform plan fails. I should read the configuration first.\n</thinking>',
    );
  });

  it('makes a turn without a tool a refused call, and a second tool in one message a refused one', async () => {
    const { t } = await load('xml-task');
    const noTool = t.turns[6].calls[0];
    expect(noTool.rejected).toBe(true);
    expect(noTool.args).toEqual({});
    expect(noTool.result?.content.split('\n')[0]).toBe(
      '[ERROR] You did not use a tool in your previous response! Please retry with a tool use.',
    );
    const notRun = t.turns[8].calls[1];
    expect([notRun.name, notRun.rejected, notRun.result?.content.split('.')[0]]).toEqual([
      'execute_command',
      true,
      'Tool [execute_command] was not executed because a tool has already been used in this message',
    ]);
  });

  it('leaves the editor state out of the user text', async () => {
    const { t } = await load('xml-task');
    expect(t.turns[0].before).toEqual([
      {
        role: 'user',
        text: '<task>\nterraform plan fails in infra/ - fix the configuration so that the plan succeeds\n</task>',
      },
    ]);
    expect(t.turns.slice(1).every((u) => u.before === undefined)).toBe(true);
  });

  it('round-trips through Loopscope JSONL', async () => {
    for (const task of ['xml-task', 'native-task', 'roo-task']) await expectRoundTrip((await load(task)).t);
  });
});

describe('Cline task history (native tool calls)', () => {
  it('reads tool_use blocks, answers by header, tokens from metrics and the message times', async () => {
    const { t, warnings } = await load('native-task');
    expect(warnings).toEqual([]);
    expect(t.title).toBe('Add a --version flag to the CLI that prints the package version');
    expect(t.extra).toEqual({ model: 'claude-sonnet-4-5-20250929' });
    expect(callSummary(t)).toEqual([
      ['read_file:ok', 'search_files:ok'],
      ['replace_in_file:ok'],
      ['execute_command:ok'],
      ['attempt_completion:-'],
    ]);
    const [first] = t.turns;
    expect(first.calls[0]).toMatchObject({ id: 'toolu_01A1', args: { path: 'src/cli.ts' } });
    expect(first.calls[1].result?.content).toBe(
      'Found 1 result.\n\npackage.json\n│----\n│  "version": "1.4.0",\n│----',
    );
    expect(first.tokens).toEqual({ input: 9583, output: 212 });
    expect(first.timestamp).toBe('2026-01-22T03:48:09.455Z');
    expect(first.extra).toEqual({ reasoning: 'I need to see how arguments are parsed and where the version lives.' });
    // The harness's to-do reminder after the answers is user text, not part of an answer.
    expect(t.turns[1].before?.map((m) => m.text.trim().split('\n')[0])).toEqual([
      '# TODO LIST UPDATE REQUIRED - You MUST include the task_progress parameter in your NEXT tool call.',
    ]);
  });
});

describe('Roo Code task history', () => {
  it('reads apply_diff and the nested read_file, and failing commands from the status line', async () => {
    const { t, warnings } = await load('roo-task');
    expect(warnings).toEqual([]);
    expect(callSummary(t)).toEqual([
      ['read_file:ok'],
      ['execute_command:error'],
      ['execute_command:error'],
      ['execute_command:error'],
      ['apply_diff:ok'],
      ['execute_command:ok'],
      ['attempt_completion:-'],
    ]);
    expect(calls(t)[1].result?.content.split('\n')[0]).toBe(
      "Command executed in terminal  within working directory '/home/dev/api'. Command execution was not successful, inspect the cause and adjust as needed.",
    );
    expect(calls(t)[4].args).toMatchObject({ path: 'src/app.py' });
  });
});

describe('Cline answers', () => {
  const task = { role: 'user', content: [{ type: 'text', text: '<task>\nfix it\n</task>' }] };

  it('answers by tool_result id (Roo Code native calls) and flags is_error', async () => {
    const t = await importHistory([
      task,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'c1', name: 'execute_command', input: { command: 'make' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'c1',
            is_error: true,
            content: [{ type: 'text', text: 'make: *** [all] Error 2' }],
          },
        ],
      },
    ]);
    expect(t.turns[0].calls[0].result).toEqual({ content: 'make: *** [all] Error 2', isError: true });
  });

  it('reads a header whose command holds brackets and quotes, and a denied call', async () => {
    const t = await importHistory([
      task,
      { role: 'assistant', content: "<execute_command>\n<command>echo '[x]'</command>\n</execute_command>" },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[execute_command for 'echo '[x]''] Result:\nCommand executed.\nOutput:\n[x]" },
        ],
      },
      { role: 'assistant', content: '<write_to_file>\n<path>a.txt</path>\n<content>x</content>\n</write_to_file>' },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[write_to_file for 'a.txt'] Result:" },
          { type: 'text', text: 'The user denied this operation.' },
        ],
      },
    ]);
    expect(t.turns.map((u) => u.calls[0].result)).toEqual([
      { content: 'Command executed.\nOutput:\n[x]', isError: false },
      { content: 'The user denied this operation.', isError: true },
    ]);
  });

  it('warns about an answer to a call the previous turn did not make, and keeps it as user text', async () => {
    const r = await parseClineTask(
      sourceFromText(
        'api_conversation_history.json',
        JSON.stringify([
          task,
          { role: 'assistant', content: 'I will look.' },
          { role: 'user', content: "[read_file for 'a.ts'] Result:\nx" },
          { role: 'tool', content: 'odd' },
        ]),
      ),
    );
    expect(r.warnings).toEqual([
      {
        file: 'api_conversation_history.json',
        reason: 'message 3: a result of read_file, which the previous assistant turn did not call; kept as user text',
      },
      { file: 'api_conversation_history.json', reason: 'message 4: unknown role "tool"; skipped' },
    ]);
    expect(r.transcripts[0].after).toEqual([{ role: 'user', text: '[read_file] Result:\nx' }]);
  });

  it('names the file when it is not a message array', async () => {
    await expect(parseClineTask(sourceFromText('api_conversation_history.json', '{"a":1}'))).rejects.toThrow(
      'api_conversation_history.json: not a JSON array of messages',
    );
    await expect(parseClineTask(sourceFromText('api_conversation_history.json', '[{"role":'))).rejects.toThrow(
      'api_conversation_history.json: not valid JSON',
    );
  });
});

describe('Cline task history detection', () => {
  // Each sniffer takes its own file of every fixture task and nothing else: not the other
  // Cline file, not any other format's fixture or corpus file.
  it.each([
    ['api_conversation_history.json', sniffClineTask, 3],
    ['ui_messages.json', sniffClineUiMessages, 1],
  ] as const)('%s: sniffs its own files and none of the others', (name, sniff, count) => {
    const own = fixtureHeads('cline-task').filter((f) => f.name === name);
    expect(own).toHaveLength(count);
    for (const f of own) expect(sniff(f.head), f.label).toBeNull();
    const others = [...foreignHeads('cline-task'), ...fixtureHeads('cline-task').filter((f) => f.name !== name)];
    for (const f of others) expect(sniff(f.head), f.label).not.toBeNull();
  });

  it('is what detection picks, by name and by content', async () => {
    for (const task of ['xml-task', 'native-task', 'roo-task']) {
      const text = read(history(task));
      expect((await importSource(sourceFromText('api_conversation_history.json', text))).format).toBe('cline-task');
      expect((await importSource(sourceFromText(`${task}.json`, text))).format).toBe('cline-task');
    }
  });
});
