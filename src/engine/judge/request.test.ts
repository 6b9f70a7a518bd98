import { describe, expect, it } from 'vitest';
import { call, transcriptOf } from '../test-util';
import { prepareHistory } from './history';
import { JUDGE_HISTORY_PREAMBLE, JUDGE_RESPONSE_SCHEMA, JUDGE_SYSTEM_PROMPT, JUDGE_TASK_PROMPT } from './prompt';
import { buildJudgeRequest, toChatMessages } from './request';

describe('judge request builder', () => {
  const t = transcriptOf([
    call('read_file', { path: 'a.ts' }, 'A'),
    { text: 'Reading again.', calls: [call('read_file', { path: 'a.ts' }, { content: 'boom', isError: true })] },
    call('ls', {}, 'x'),
    'done?',
  ]);

  it('system prompt, history as text, task prompt; the JSON schema as response format', () => {
    const body = buildJudgeRequest('m', prepareHistory(t, 4, 20));
    expect(body).toEqual({
      model: 'm',
      temperature: 0,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'unproductive_state', schema: JUDGE_RESPONSE_SCHEMA },
      },
      messages: [
        { role: 'system', content: JUDGE_SYSTEM_PROMPT },
        { role: 'user', content: JUDGE_HISTORY_PREAMBLE },
        { role: 'assistant', content: '[tool call] read_file({"path":"a.ts"})' },
        { role: 'user', content: '[tool result] read_file:\nA' },
        { role: 'assistant', content: 'Reading again.\n[tool call] read_file({"path":"a.ts"})' },
        { role: 'user', content: '[tool result, error] read_file:\nboom' },
        // Turn 3's call is dangling (its result is turn 4's request): trimmed.
        { role: 'user', content: JUDGE_TASK_PROMPT },
      ],
    });
  });

  it("the LLM-check design's prompt and schema are verbatim", () => {
    expect(JUDGE_SYSTEM_PROMPT.startsWith('You are a sophisticated AI diagnostic agent')).toBe(true);
    expect(JUDGE_SYSTEM_PROMPT.endsWith('cycling between a small set of files with no net change.')).toBe(true);
    expect(JUDGE_RESPONSE_SCHEMA.required).toEqual(['unproductive_state_analysis', 'unproductive_state_confidence']);
  });

  it('json_object / none formats and cut results', () => {
    expect(buildJudgeRequest('m', [], { responseFormat: 'json_object' }).response_format).toEqual({
      type: 'json_object',
    });
    expect('response_format' in buildJudgeRequest('m', [], { responseFormat: 'none' })).toBe(false);
    const msgs = toChatMessages(
      [{ role: 'tool', turn: 1, results: [{ name: 'cat', content: 'x'.repeat(10), isError: false }] }],
      4,
    );
    expect(msgs[0].content).toBe('[tool result] cat:\nxxxx\n[... 6 more characters]');
  });

  it('a transcript without results keeps its calls (nothing but turn T-1 dangles)', () => {
    const bare = transcriptOf([call('a'), call('b'), call('c'), call('d')]);
    expect(prepareHistory(bare, 4, 20).map((m) => (m.role === 'assistant' ? m.turn : m.role))).toEqual([1, 2]);
  });
});
