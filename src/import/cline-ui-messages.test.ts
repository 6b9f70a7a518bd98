import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClineUiMessages } from './cline-ui-messages';
import { callSummary, TERRAFORM_CALLS, TERRAFORM_TITLE } from './cline.test-util';
import { importSource } from './index';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromText } from './source';

const UI = readFileSync(path.resolve(__dirname, 'fixtures/cline-task/xml-task/ui_messages.json'), 'utf8');

async function importUi(events: unknown[]) {
  return parseClineUiMessages(sourceFromText('ui_messages.json', JSON.stringify(events)));
}

const task = { ts: 1741942803000, type: 'say', say: 'text', text: 'run the tests' };
const request = (ts: number, extra: Record<string, unknown> = {}) => ({
  ts,
  type: 'say',
  say: 'api_req_started',
  text: JSON.stringify({ request: 'x', tokensIn: 10, tokensOut: 5, cacheReads: 100, cost: 0.01, ...extra }),
});

describe('Cline panel messages on their own', () => {
  it('makes each API request a turn, with its calls and the answers read from the next request', async () => {
    const r = await parseClineUiMessages(sourceFromText('ui_messages.json', UI));
    expect(r.warnings).toEqual([]);
    const [t] = r.transcripts;
    expect(t.format).toBe('cline-ui-messages');
    expect(t.title).toBe(TERRAFORM_TITLE);
    // The panel does not show the call the harness refused to run; the next request names it.
    expect(callSummary(t)).toEqual(TERRAFORM_CALLS);
    expect(t.turns[8].calls[1]).toMatchObject({ name: 'execute_command', args: {}, rejected: true });
    expect(t.turns[1]).toMatchObject({
      timestamp: '2025-03-14T09:00:07.800Z',
      tokens: { input: 9700, output: 127 },
      extra: { cost: 0.031005 },
      text: 'Let me run the plan to see the exact error.',
    });
    expect(t.turns[1].calls[0].args).toEqual({ command: 'cd infra && terraform plan -no-color' });
    // The panel's readFile `content` is the absolute path, not an argument: the same args as the history's.
    expect(t.turns[0].calls[0].args).toEqual({ path: 'infra/main.tf' });
    // The API failure and its retry were while the fourth request was made.
    expect(t.turns[3].before?.map((m) => [m.role, m.text.slice(0, 4), m.extra])).toEqual([
      ['system', '429 ', { apiError: true }],
      ['system', 'API ', { apiRetry: true }],
    ]);
    await expectRoundTrip(t);
  });

  it("takes the output events of a command and a listing's content when no later request carries the answer", async () => {
    const r = await importUi([
      task,
      request(1),
      { ts: 2, type: 'ask', ask: 'command', text: 'npm test' },
      { ts: 3, type: 'say', say: 'command_output', text: '> vitest run' },
      { ts: 4, type: 'say', say: 'command_output', text: 'Error: Cannot find module "x"' },
      request(5),
      { ts: 6, type: 'say', say: 'tool', text: '{"tool":"listFilesTopLevel","path":"src","content":"a.ts\\nb.ts"}' },
    ]);
    const [t] = r.transcripts;
    // A listing's `content` is its answer.
    expect(t.turns[1].calls[0]).toMatchObject({
      name: 'list_files',
      args: { path: 'src' },
      result: { content: 'a.ts\nb.ts', isError: false },
    });
    expect(t.turns[0].tokens).toEqual({ input: 110, output: 5 });
    expect(t.turns[0].calls[0].result).toEqual({
      content: '> vitest run\nError: Cannot find module "x"',
      isError: false,
    });
  });

  it('reads followups, MCP calls, browser actions and errors after a call', async () => {
    const r = await importUi([
      { ts: 0, type: 'say', say: 'task', text: 'check the site' },
      request(1),
      { ts: 2, type: 'ask', ask: 'followup', text: '{"question":"Which URL?","options":["a","b"]}' },
      { ts: 3, type: 'say', say: 'user_feedback', text: 'a' },
      request(4),
      {
        ts: 5,
        type: 'ask',
        ask: 'use_mcp_server',
        text: '{"type":"use_mcp_tool","serverName":"gh","toolName":"get_issue","arguments":"{\\"n\\":1}"}',
      },
      { ts: 6, type: 'say', say: 'mcp_server_response', text: '{"title":"bug"}' },
      request(7),
      { ts: 8, type: 'say', say: 'browser_action_launch', text: 'http://localhost:3000' },
      {
        ts: 9,
        type: 'say',
        say: 'browser_action_result',
        text: '{"logs":"","screenshot":"data:image/png;base64,AAAA"}',
      },
      { ts: 10, type: 'say', say: 'tool', text: '{"tool":"newFileCreated","path":"a.txt","content":"x"}' },
      { ts: 11, type: 'say', say: 'error', text: 'Error writing file: EACCES' },
      { ts: 12, type: 'say', say: 'mystery', text: '?' },
      { ts: 13, type: 'say', say: 'mystery', text: '?' },
      { ts: 14, type: 'say', say: 'checkpoint_created' },
      { ts: 15, type: 'say', say: 'api_req_retry_delayed', text: '503 Service Unavailable\nRetrying in 5 seconds...' },
    ]);
    const [t] = r.transcripts;
    expect(t.turns.map((u) => u.calls.map((c) => [c.name, c.args, c.result]))).toEqual([
      [['ask_followup_question', { question: 'Which URL?', options: ['a', 'b'] }, undefined]],
      [
        [
          'use_mcp_tool',
          { serverName: 'gh', toolName: 'get_issue', arguments: '{"n":1}' },
          { content: '{"title":"bug"}', isError: false },
        ],
      ],
      [
        [
          'browser_action',
          { action: 'launch', url: 'http://localhost:3000' },
          { content: '{"logs":"","screenshot":"[image]"}', isError: false },
        ],
        ['write_to_file', { path: 'a.txt', content: 'x' }, { content: 'Error writing file: EACCES', isError: true }],
      ],
    ]);
    expect(t.turns[1].before).toEqual([{ role: 'user', text: 'a', timestamp: '1970-01-01T00:00:00.003Z' }]);
    expect(t.turns[2].before).toEqual([
      {
        role: 'system',
        text: '503 Service Unavailable\nRetrying in 5 seconds...',
        timestamp: '1970-01-01T00:00:00.015Z',
        extra: { apiRetry: true },
      },
    ]);
    expect(r.warnings).toEqual([
      { file: 'ui_messages.json', reason: 'skipped panel events Loopscope does not read: mystery (2)' },
    ]);
  });

  it('names the file and the message when events are broken', async () => {
    const r = await importUi([task, 7, { ts: 1, type: 'say' }, request(2)]);
    expect(r.warnings).toEqual([
      { file: 'ui_messages.json', reason: 'message 2 is not an object; skipped' },
      { file: 'ui_messages.json', reason: 'message 3: no "say" or "ask" kind; skipped' },
    ]);
    await expect(importUi([])).rejects.toThrow('ui_messages.json: no messages in this Cline panel log');
  });
});

describe('Cline panel messages detection', () => {
  it('is what detection picks, by name and by content', async () => {
    expect((await importSource(sourceFromText('ui_messages.json', UI))).format).toBe('cline-ui-messages');
    expect((await importSource(sourceFromText('panel.json', UI))).format).toBe('cline-ui-messages');
  });
});
