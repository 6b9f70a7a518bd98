import { describe, expect, it } from 'vitest';
import { importSource } from './index';
import { otelGenaiImporter, parseOtelGenai } from './otel-genai';
import { sourceFromText } from './source';
import { expectRoundTrip } from './roundtrip.test-util';
import { fixtureHeads, foreignHeads, readFixture } from './fixture-heads.test-util';

const FORMAT = 'otel-genai';
const parse = (file: string, text = readFixture(FORMAT, file)) => parseOtelGenai(sourceFromText(file, text));

describe('OpenTelemetry GenAI importer', () => {
  it('makes one transcript per trace, one turn per chat span', async () => {
    const { transcripts, warnings } = await parse('traces.json');
    expect(warnings).toEqual([]);
    expect(transcripts.map((t) => [t.title, t.turns.length])).toEqual([
      ['Weather in Paris tomorrow?', 3],
      ['docs-agent (trace 0af76519)', 2],
    ]);
  });

  it('takes calls from gen_ai.output.messages and results from execute_tool spans or later inputs', async () => {
    const [t] = (await parse('traces.json')).transcripts;
    expect(t.extra).toEqual({
      traceId: '5b8efff798038103d269b633813fc60c',
      conversationId: 'conv_5j66UpCpwteGg4YSxUnt7lPY',
    });
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a weather assistant.' },
      { role: 'user', text: 'Weather in Paris tomorrow?' },
    ]);
    expect(t.turns[0]).toMatchObject({
      text: '',
      tokens: { input: 97, output: 52 },
      timestamp: '2025-05-12T10:00:00.010Z',
      agent: 'weather-bot',
    });
    // Span status 2 (ERROR) with error.type: an error result.
    expect(t.turns[0].calls).toEqual([
      {
        index: 1,
        id: 'call_VSPygqKTWdrhaFErNvMV18Yl',
        name: 'get_weather',
        args: { location: 'Paris', day: 'tomorrow' },
        result: { content: 'rate limited, retry later', isError: true },
      },
    ]);
    // The second tool span captured no result; the next chat span's input carries it.
    expect(t.turns[1].text).toBe('Retrying.');
    expect(t.turns[1].calls[0]).toMatchObject({
      index: 2,
      id: 'call_2b',
      result: { content: 'rain, 14°C', isError: false },
    });
    expect(t.turns[1].before).toBeUndefined();
    expect(t.turns[2]).toMatchObject({
      text: 'Tomorrow in Paris: rain, around 14°C.',
      tokens: { input: 210, output: 25 },
    });
    await expectRoundTrip(t);
  });

  it('orders spans by start time and gives unmatched tool spans to the nearest chat span before them', async () => {
    const [, t] = (await parse('traces.json')).transcripts;
    expect(t.turns[0].tokens).toEqual({ input: 1200, output: 64 });
    expect(t.turns[0].calls.map((c) => [c.index, c.name, c.args, c.result])).toEqual([
      [1, 'read_file', { path: 'README.md' }, { content: '# Demo\n', isError: false }],
      [2, 'read_file', { path: 'README.md' }, { content: '# Demo\n', isError: false }],
    ]);
    expect(t.turns[1].calls).toEqual([]);
    await expectRoundTrip(t);
  });

  it('reads JSON Lines exports, and reports traces without GenAI spans', async () => {
    const line = (traceId: string, op: string | null, start: string) =>
      JSON.stringify({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  {
                    traceId,
                    spanId: `${traceId}-${start}`,
                    name: op ?? 'GET /',
                    startTimeUnixNano: start,
                    attributes: op ? [{ key: 'gen_ai.operation.name', value: { stringValue: op } }] : [],
                    status: op === 'execute_tool' ? { code: 'STATUS_CODE_ERROR', message: 'boom' } : {},
                  },
                ],
              },
            ],
          },
        ],
      });
    const text = [line('t1', 'execute_tool', '5'), line('t1', 'chat', '9'), line('t2', null, '1')].join('\n');
    const { transcripts, warnings } = await parse('spans.jsonl', text);
    expect(transcripts).toHaveLength(1);
    expect(transcripts[0].turns).toHaveLength(2);
    expect(transcripts[0].turns[0].calls).toEqual([
      { index: 1, name: 'unknown', args: {}, result: { content: 'boom', isError: true } },
    ]);
    expect(warnings.map((w) => w.reason)).toEqual([
      'execute_tool span t1-5 comes before any inference span; it gets a turn of its own',
      'trace t2 has no GenAI inference or execute_tool spans; skipped',
    ]);
  });

  it('survives broken exports: parent cycles, bad times, unparsable message JSON', async () => {
    const attr = (key: string, v: string) => ({ key, value: { stringValue: v } });
    const spans = [
      {
        traceId: 'a',
        spanId: 'c',
        parentSpanId: 'd',
        startTimeUnixNano: 'soon',
        attributes: [attr('gen_ai.operation.name', 'chat'), attr('gen_ai.output.messages', '{bad')],
      },
      {
        traceId: 'a',
        spanId: 'd',
        parentSpanId: 'c',
        startTimeUnixNano: '9'.repeat(30),
        attributes: [attr('gen_ai.operation.name', 'execute_tool'), attr('gen_ai.tool.name', 'ls')],
      },
    ];
    const { transcripts } = await parse(
      'broken.json',
      JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }),
    );
    expect(transcripts[0].turns).toHaveLength(1);
    expect(transcripts[0].turns[0].timestamp).toBeUndefined();
    expect(transcripts[0].turns[0].calls).toEqual([{ index: 1, name: 'ls', args: {} }]);
  });

  it('sniffs its own fixtures and none of the other formats', () => {
    for (const f of fixtureHeads(FORMAT)) expect(otelGenaiImporter.sniff(f.head, f.name), f.label).toBeNull();
    for (const f of foreignHeads(FORMAT)) expect(otelGenaiImporter.sniff(f.head, f.name), f.label).not.toBeNull();
  });

  it('is what detection picks for its fixture', async () => {
    expect((await importSource(sourceFromText('traces.json', readFixture(FORMAT, 'traces.json')))).format).toBe(FORMAT);
  });
});
