import { describe, expect, it } from 'vitest';
import { importSource } from './index';
import { parseOpenAIResponses, sniffOpenAIResponses } from './openai-responses';
import { outputResult } from './responses-items';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'openai-responses';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseOpenAIResponses(sourceFromText(file, text));

describe('OpenAI Responses importer', () => {
  it('reads an {input} item list: a turn is a run of model-side items', async () => {
    const { transcripts, warnings } = await parse('request.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('How many rows does data/sales.csv have, and what is the total revenue?');
    expect(t.extra).toEqual({ model: 'gpt-5' });
    expect(t.turns).toHaveLength(3);
    expect(t.turns.map((x) => x.calls.map((c) => `${c.index}:${c.name}`))).toEqual([
      ['1:run_python'],
      ['2:list_files'],
      ['3:run_python'],
    ]);
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a careful research assistant with a file search tool and a calculator.' },
      { role: 'user', text: 'How many rows does data/sales.csv have, and what is the total revenue?' },
    ]);
    expect(t.turns[0].extra).toEqual({ reasoning: 'Count rows first, then sum the revenue column.' });
    expect(t.turns[0].calls[0]).toEqual({
      index: 1,
      id: 'call_kD2mY7',
      name: 'run_python',
      args: { code: "import pandas as pd\nprint(len(pd.read_csv('data/sales.csv')))" },
      result: { content: '{"error": "FileNotFoundError: data/sales.csv"}', isError: true },
    });
    expect(t.turns[1].calls[0].result).toEqual({ content: 'sales_2024.csv\nreadme.txt', isError: false });
    // An assistant message followed by a call, with no input between: one turn.
    expect(t.turns[2].text).toBe('The file is data/sales_2024.csv; counting its rows now.');
    expect(t.turns[2].calls[0].result).toEqual({ content: '1204 98211.5', isError: false });
    expect(t.after).toEqual([{ role: 'user', text: 'Round the revenue to whole dollars.' }]);
    await expectRoundTrip(t);
  });

  it('reads a response object: usage and created_at go to the turn it produced', async () => {
    const { transcripts, warnings } = await parse('response.json');
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.turns).toHaveLength(1);
    expect(t.turns[0]).toMatchObject({
      text: 'Checking the forecast for Paris.',
      tokens: { input: 291, output: 23 },
      timestamp: '2025-08-17T15:10:00.000Z',
      extra: { reasoning: 'Look up the weather with the tool.' },
    });
    expect(t.turns[0].calls).toEqual([
      { index: 1, id: 'call_12345xyz', name: 'get_weather', args: { location: 'Paris, France' } },
    ]);
    await expectRoundTrip(t);
  });

  it('chains JSONL responses by previous_response_id', async () => {
    const lines = [
      {
        id: 'resp_1',
        object: 'response',
        input: 'list files',
        output: [{ type: 'function_call', call_id: 'c1', name: 'ls', arguments: '{}' }],
        usage: { input_tokens: 10, output_tokens: 2 },
      },
      {
        id: 'resp_2',
        object: 'response',
        previous_response_id: 'resp_1',
        input: [{ type: 'function_call_output', call_id: 'c1', output: 'a.txt' }],
        output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One file.' }] }],
      },
      { id: 'resp_9', object: 'response', input: 'unrelated', output: [] },
    ];
    const { transcripts, warnings } = await parse('log.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(warnings).toEqual([]);
    expect(transcripts).toHaveLength(2);
    const [t] = transcripts;
    expect(t.turns.map((x) => [x.text, x.calls.length, x.tokens])).toEqual([
      ['', 1, { input: 10, output: 2 }],
      ['One file.', 0, undefined],
    ]);
    expect(t.turns[0].calls[0].result).toEqual({ content: 'a.txt', isError: false });
    expect(transcripts[1].after).toEqual([{ role: 'user', text: 'unrelated' }]);
  });

  it('reads hosted and custom tools; unknown items are warned about', async () => {
    const items = [
      { type: 'custom_tool_call', call_id: 'p1', name: 'apply_patch', input: '*** Begin Patch' },
      { type: 'custom_tool_call_output', call_id: 'p1', output: 'Exit code: 1\nOutput:\nno such file' },
      {
        type: 'mcp_call',
        id: 'm1',
        name: 'search',
        arguments: '{"q":"x"}',
        server_label: 'docs',
        output: null,
        error: 'down',
      },
      { type: 'web_search_call', id: 'ws1', status: 'completed', action: { type: 'search', query: 'q' } },
      { type: 'hologram', id: 'h' },
      { type: 'function_call_output', call_id: 'nope', output: 'x' },
    ];
    const { transcripts, warnings } = await parse('items.json', JSON.stringify(items));
    const calls = transcripts[0].turns.flatMap((x) => x.calls);
    expect(calls.map((c) => [c.name, c.args, c.result])).toEqual([
      ['apply_patch', { input: '*** Begin Patch' }, { content: 'Exit code: 1\nOutput:\nno such file', isError: true }],
      ['search', { q: 'x' }, { content: 'down', isError: true }],
      ['web_search', { type: 'search', query: 'q' }, undefined],
    ]);
    expect(warnings.map((w) => w.reason)).toEqual([
      'item 5: unknown item type "hologram"; skipped',
      'item 6 (function_call_output) answers call id "nope", which no assistant turn made; skipped',
    ]);
  });

  it('decides output errors from exit codes, success flags and error objects; leaves the rest unflagged', () => {
    // No flag: the normaliser infers it from the text (src/model/error-rules.ts).
    expect(outputResult('plain text').isError).toBeUndefined();
    expect(outputResult('{"output":"x","metadata":{"exit_code":0}}').isError).toBe(false);
    expect(outputResult('{"output":"x","metadata":{"exit_code":127}}').isError).toBe(true);
    expect(outputResult('Exit code: 0\nOutput:\n').isError).toBe(false);
    expect(outputResult({ content: 'denied', success: false })).toEqual({ content: 'denied', isError: true });
    expect(
      outputResult([
        { type: 'input_text', text: 'a' },
        { type: 'input_image', image_url: 'data:' },
      ]),
    ).toEqual({ content: 'a\n[image]', isError: undefined });
  });

  it('sniffs its own fixtures and none of the other formats', () => {
    for (const f of fixtureHeads(FORMAT)) expect(sniffOpenAIResponses(f.head), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT)) expect(sniffOpenAIResponses(f.head), f.label).not.toBeNull();
  });

  it('is what detection picks for every one of its fixtures', async () => {
    for (const f of fixtureHeads(FORMAT))
      expect((await importSource(sourceFromText(f.name, readFixture(FORMAT, f.name)))).format).toBe(FORMAT);
  });
});
