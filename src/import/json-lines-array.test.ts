import { describe, expect, it } from 'vitest';
import { importSource } from './index';
import { sourceFromText } from './source';

const MESSAGES = [
  { role: 'system', content: 'You are a coding agent.' },
  { role: 'user', content: 'list files' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{"path":"."}' } }],
  },
  { role: 'tool', tool_call_id: 'c1', content: "ls: cannot access '.': No such file or directory" },
  { role: 'assistant', content: 'done' },
];

const ITEMS = [
  { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'run the tests' }] },
  { type: 'function_call', call_id: 'c1', name: 'shell', arguments: '{"command":["npm","test"]}' },
  { type: 'function_call_output', call_id: 'c1', output: 'Exit code: 1\nFAIL src/a.test.ts' },
];

const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('formats written one record a line', () => {
  it('OpenAI chat messages one a line import exactly as their JSON array', async () => {
    const lines = await importSource(sourceFromText('chat.jsonl', jsonl(MESSAGES)));
    const array = await importSource(sourceFromText('chat.json', JSON.stringify(MESSAGES)));
    expect(lines.format).toBe('openai-chat');
    expect(lines.transcripts.map((t) => ({ ...t, source: undefined }))).toEqual(
      array.transcripts.map((t) => ({ ...t, source: undefined })),
    );
    const [t] = lines.transcripts;
    expect(t.turns).toHaveLength(2);
    expect(t.turns[0].calls[0]).toMatchObject({
      name: 'ls',
      args: { path: '.' },
      result: { isError: true, inferred: 'no-such-file' },
    });
  });

  it('Responses items one a line', async () => {
    const r = await importSource(sourceFromText('items.jsonl', jsonl(ITEMS)));
    expect(r.format).toBe('openai-responses');
    expect(r.transcripts[0].turns[0].calls[0]).toMatchObject({
      name: 'shell',
      args: { command: ['npm', 'test'] },
      result: { content: 'Exit code: 1\nFAIL src/a.test.ts', isError: true },
    });
  });

  it('a broken record is named by its line', async () => {
    const text = jsonl(MESSAGES.slice(0, 3)) + '{"role":"tool",\n' + jsonl(MESSAGES.slice(4));
    await expect(importSource(sourceFromText('chat.jsonl', text))).rejects.toThrow(/^chat\.jsonl:4: not valid JSON \(/);
  });

  it('JSON Lines of records no format knows are still refused', async () => {
    const text = jsonl([{ a: 1 }, { b: 2 }]);
    await expect(importSource(sourceFromText('x.jsonl', text))).rejects.toThrow(
      'x.jsonl: not a transcript format Loopscope reads (the content is JSON Lines whose first record has keys "a"); see docs/formats.md or `loopscope formats`',
    );
  });
});
