import { describe, expect, it } from 'vitest';
import { parseAnthropicMessages, sniffAnthropicMessages } from './anthropic-messages';
import { importSource } from './index';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'anthropic-messages';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseAnthropicMessages(sourceFromText(file, text));

describe('Anthropic Messages importer', () => {
  it('reads a {system, messages} request: tool_use calls, tool_result results with is_error', async () => {
    const { transcripts, warnings } = await parse('request.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('Why does `npm test` fail in this repo?');
    expect(t.extra).toEqual({ model: 'claude-sonnet-4-5' });
    expect(t.turns).toHaveLength(4);
    expect(t.turns.map((x) => x.calls.map((c) => `${c.index}:${c.name}`))).toEqual([
      ['1:bash'],
      ['2:bash'],
      ['3:bash', '4:str_replace_based_edit_tool'],
      [],
    ]);
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are an agent with shell access. Keep answers short.' },
      { role: 'user', text: 'Why does `npm test` fail in this repo?' },
    ]);
    expect(t.turns[0]).toMatchObject({
      text: 'Let me run the test suite.',
      extra: { reasoning: 'Run the tests first to see the failure.' },
    });
    expect(t.turns[0].calls[0]).toEqual({
      index: 1,
      id: 'toolu_01A09q90qw90lq917835lq9',
      name: 'bash',
      args: { command: 'npm test' },
      result: { content: "Error: Cannot find module 'vitest'", isError: true },
    });
    // Block-list content becomes text; text after the results in the same user message is the user speaking.
    expect(t.turns[1].calls[0].result).toEqual({ content: "Error: Cannot find module 'vitest'", isError: true });
    expect(t.turns[2].before).toEqual([
      { role: 'user', text: 'Stop running the same command. Install dependencies first.' },
    ]);
    expect(t.turns[2].calls.map((c) => c.result)).toEqual([
      { content: 'added 212 packages in 4s', isError: false },
      { content: '{"scripts": {"test": "vitest run"}}', isError: false },
    ]);
    expect(t.turns[3].text).toBe('Dependencies were not installed; after `npm ci` the test script can find vitest.');
    await expectRoundTrip(t);
  });

  it('reads a response object: usage (cache tokens included) becomes the turn tokens', async () => {
    const { transcripts, warnings } = await parse('response.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.extra).toEqual({ model: 'claude-sonnet-4-5-20250929', stopReason: 'tool_use' });
    expect(t.turns).toHaveLength(1);
    expect(t.turns[0]).toMatchObject({
      text: "I'll check the current weather in San Francisco.",
      tokens: { input: 572, output: 91 },
    });
    expect(t.turns[0].calls).toEqual([
      { index: 1, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', args: { location: 'San Francisco, CA' } },
    ]);
    await expectRoundTrip(t);
  });

  it('reads a bare message array, server tools and their error results', async () => {
    const messages = [
      { role: 'user', content: 'news?' },
      {
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'news' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
          },
          { type: 'text', text: 'Search is unavailable.' },
        ],
      },
    ];
    const { transcripts, warnings } = await parse('bare.json', JSON.stringify(messages));
    expect(warnings).toEqual([]);
    expect(transcripts[0].turns[0].calls[0]).toEqual({
      index: 1,
      id: 'srvtoolu_1',
      name: 'web_search',
      args: { query: 'news' },
      result: { content: '{"type":"web_search_tool_result_error","error_code":"max_uses_exceeded"}', isError: true },
    });
  });

  it('never throws on odd records', async () => {
    const messages = [
      5,
      { role: 'assistant', content: 7 },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'missing', content: 'x' },
          { type: 'tool_result', content: 'no id' },
        ],
      },
      { role: 'critic', content: 'x' },
      { role: 'assistant', content: [{ type: 'tool_use', name: 'ls' }] },
    ];
    const { transcripts, warnings } = await parse('odd.json', JSON.stringify(messages));
    expect(transcripts[0].turns).toHaveLength(1);
    expect(transcripts[0].turns[0].calls).toEqual([{ index: 1, name: 'ls', args: {} }]);
    expect(warnings.map((w) => w.reason)).toEqual([
      'message 1 is not an object; skipped',
      'message 2: "content" is neither a string nor a block list; skipped',
      'message 3 (tool_result) answers call id "missing", which no assistant turn made; skipped',
      'message 3: tool_result has no "tool_use_id"; skipped',
      'message 4: unknown role "critic"; skipped',
    ]);
  });

  it('sniffs its own fixtures and none of the other formats', () => {
    for (const f of fixtureHeads(FORMAT)) expect(sniffAnthropicMessages(f.head), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT)) expect(sniffAnthropicMessages(f.head), f.label).not.toBeNull();
    // Text-only arrays are OpenAI chat's; a top-level system makes a text-only request Anthropic.
    expect(sniffAnthropicMessages('[{"role":"user","content":"hi"}]')).not.toBeNull();
    expect(sniffAnthropicMessages('{"system":"be brief","messages":[{"role":"user","content":"hi"}]}')).toBeNull();
  });

  it('is what detection picks for every one of its fixtures', async () => {
    for (const f of fixtureHeads(FORMAT))
      expect((await importSource(sourceFromText(f.name, readFixture(FORMAT, f.name)))).format).toBe(FORMAT);
  });
});
