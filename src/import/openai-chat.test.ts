import { describe, expect, it } from 'vitest';
import { importSource } from './index';
import { parseOpenAIChat, sniffOpenAIChat } from './openai-chat';
import { chatToolIsError } from './openai-chat-messages';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'openai-chat';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseOpenAIChat(sourceFromText(file, text));

describe('OpenAI chat importer', () => {
  it('reads a {messages} request: one turn per assistant message, results on their calls', async () => {
    const { transcripts, warnings } = await parse('request.json');
    expect(warnings).toEqual([]);
    expect(transcripts).toHaveLength(1);
    const [t] = transcripts;
    expect(t.format).toBe('openai-chat');
    expect(t.title).toBe('The test test_parse_date fails in utils/dates.py. Please fix it.');
    expect(t.extra).toEqual({ model: 'gpt-4o-2024-08-06' });
    expect(t.turns).toHaveLength(4);
    expect(t.turns.map((x) => x.calls.map((c) => `${c.index}:${c.name}`))).toEqual([
      ['1:read_file'],
      ['2:run_tests', '3:grep'],
      ['4:edit_file'],
      [],
    ]);
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a coding agent. Use the tools to fix failing tests.' },
      { role: 'user', text: 'The test test_parse_date fails in utils/dates.py. Please fix it.' },
    ]);
    expect(t.turns[0].text).toBe('');
    expect(t.turns[0].calls[0]).toMatchObject({ id: 'call_Q1cX8n2', args: { path: 'utils/dates.py' } });
    expect(t.turns[1].text).toBe(
      "The format string swaps day and month. I'll run the tests and look for other callers.",
    );
    // JSON-string content with an "error" field: an error; text-part arrays become text.
    expect(t.turns[1].calls[0].result).toEqual({
      content:
        '{"error": "1 failed: test_parse_date - ValueError: time data \'2024-01-31\' does not match format \'%Y-%d-%m\'"}',
      isError: true,
    });
    expect(t.turns[1].calls[1].result).toEqual({ content: 'utils/dates.py:1\ntests/test_dates.py:4', isError: false });
    expect(t.turns[2].calls[0].args).toEqual({ path: 'utils/dates.py', old: '%Y-%d-%m', new: '%Y-%m-%d' });
    expect(t.turns[3].before).toEqual([{ role: 'user', text: 'Thanks, does it pass now?' }]);
    await expectRoundTrip(t);
  });

  it('reads a chat completion response: usage becomes the turn tokens, created its timestamp', async () => {
    const { transcripts, warnings } = await parse('completion.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('completion.json');
    expect(t.turns).toHaveLength(1);
    expect(t.turns[0]).toMatchObject({
      text: '',
      tokens: { input: 82, output: 18 },
      timestamp: '2025-03-10T01:31:23.000Z',
    });
    expect(t.turns[0].calls).toEqual([
      { index: 1, id: 'call_abc123', name: 'get_weather', args: { location: 'Boston, MA', unit: 'celsius' } },
    ]);
    await expectRoundTrip(t);
  });

  it('collapses JSONL lines that extend the previous conversation; other lines are new transcripts', async () => {
    const { transcripts, warnings } = await parse('requests.jsonl');
    expect(warnings).toEqual([]);
    expect(transcripts.map((t) => [t.title, t.turns.length])).toEqual([
      ['Find the largest file in /var/log', 2],
      ['What is 2+2?', 1],
    ]);
    const [a, b] = transcripts;
    expect(a.turns[0].calls[0]).toMatchObject({
      name: 'bash',
      args: { cmd: 'ls -S /var/log | head -1' },
      result: { content: "ls: cannot open directory '/var/log': Permission denied", isError: true },
    });
    expect(a.turns[1].calls[0].result).toEqual({ content: 'syslog', isError: false });
    expect(b.turns[0].text).toBe('4');
    for (const t of transcripts) await expectRoundTrip(t);
  });

  it('reads a bare text-only message array (and detection picks openai-chat for it)', async () => {
    const text = readFixture(FORMAT, 'messages.json');
    const r = await importSource(sourceFromText('messages.json', text));
    expect(r.format).toBe('openai-chat');
    const [t] = r.transcripts;
    expect(t.title).toBe('Summarise the plot of Hamlet in one line.');
    expect(t.turns.map((x) => x.text)).toEqual([
      "A Danish prince avenges his father's murder and nearly everyone dies.",
    ]);
    await expectRoundTrip(t);
  });

  it('never throws on odd records: each is skipped with a warning', async () => {
    const messages = [
      'not a message',
      { role: 'narrator', content: 'x' },
      {
        role: 'assistant',
        content: 42,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'ls', arguments: '' } }, 7],
      },
      { role: 'tool', tool_call_id: 'zzz', content: 'orphan' },
      { role: 'tool', content: 'no id' },
      { role: 'assistant', content: 'hi', tool_calls: 'oops' },
    ];
    const { transcripts, warnings } = await parse('odd.json', JSON.stringify(messages));
    expect(transcripts[0].turns).toHaveLength(2);
    expect(transcripts[0].turns[0].calls).toEqual([{ index: 1, id: 'a', name: 'ls', args: '' }]);
    expect(warnings.map((w) => w.reason)).toEqual([
      'message 1 is not an object; skipped',
      'message 2: unknown role "narrator"; skipped',
      'message 3: tool call 2 is not an object; skipped',
      'message 4 (tool) answers call id "zzz", which no assistant turn made; skipped',
      'message 5: tool message has no "tool_call_id"; skipped',
      'message 6: "tool_calls" is not an array; ignored',
    ]);
  });

  it('flags errors only from non-standard error fields or an error object; the rest is unflagged', () => {
    // Unflagged results are inferred by the normaliser (src/model/error-rules.ts).
    expect(chatToolIsError({ role: 'tool', content: 'Error: boom' })).toBeUndefined();
    expect(chatToolIsError({ role: 'tool', content: '{"error": null, "ok": 1}' })).toBeUndefined();
    expect(chatToolIsError({ role: 'tool', content: 'Error: boom', is_error: false })).toBe(false);
    expect(chatToolIsError({ role: 'tool', content: '{"error": "boom"}' })).toBe(true);
    expect(chatToolIsError({ role: 'tool', content: { error: { code: 1 } } })).toBe(true);
    expect(chatToolIsError({ role: 'tool', content: 'x', is_error: true })).toBe(true);
    expect(chatToolIsError({ role: 'tool', content: 'x', error: 'timeout' })).toBe(true);
  });

  it('pairs legacy function_call / role "function" messages by name', async () => {
    const messages = [
      { role: 'user', content: 'time?' },
      { role: 'assistant', content: null, function_call: { name: 'now', arguments: '{}' } },
      { role: 'function', name: 'now', content: '12:00' },
    ];
    const { transcripts, warnings } = await parse('legacy.json', JSON.stringify(messages));
    expect(warnings).toEqual([]);
    expect(transcripts[0].turns[0].calls).toEqual([
      { index: 1, name: 'now', args: {}, result: { content: '12:00', isError: false } },
    ]);
  });

  it('sniffs its own fixtures and none of the other formats', () => {
    for (const f of fixtureHeads(FORMAT)) expect(sniffOpenAIChat(f.head), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT)) expect(sniffOpenAIChat(f.head), f.label).not.toBeNull();
    // Truncated heads still sniff.
    expect(sniffOpenAIChat(readFixture(FORMAT, 'request.json').slice(0, 300))).toBeNull();
  });

  it('is what detection picks for every one of its fixtures', async () => {
    for (const f of fixtureHeads(FORMAT))
      expect((await importSource(sourceFromText(f.name, readFixture(FORMAT, f.name)))).format).toBe(FORMAT);
  });
});
