import { describe, expect, it } from 'vitest';
import { parseLoopscopeJsonl } from './loopscope-jsonl';
import { writeLoopscopeJsonl } from './write-loopscope-jsonl';
import { sourceFromText } from './source';
import { importSource } from './index';

const SAMPLE = [
  '{"type":"meta","version":1,"title":"ls loop","source":"unit","team":"core"}',
  '{"type":"system","text":"You are a coding agent."}',
  '{"type":"user","text":"List src"}',
  '{"type":"assistant","text":"Looking.","calls":[{"id":"c1","name":"ls","args":{"path":"src"},"result":{"content":"a.rs\\nb.rs","isError":false}},{"id":"c2","name":"read","args":{"path":"src/a.rs"}}],"tokens":{"input":1200,"output":80},"agent":"w1","timestamp":"2026-01-01T00:00:00Z","mood":"calm"}',
  '{"type":"assistant","calls":[{"id":"c3","name":"ls","args":{"path":"src"},"result":{"content":"a.rs\\nb.rs","isError":false},"retries":2}]}',
  '{"type":"judge","turn":2,"model":"flash","confidence":0.95,"analysis":"repeating ls"}',
  '{"type":"user","text":"Stop."}',
  '{"type":"assistant","text":"Done."}',
  '{"type":"label","startTurn":2,"endTurn":3,"kind":"loop","note":"ls again"}',
].join('\n');

const read = (text: string, name = 'run.loop.jsonl') => parseLoopscopeJsonl(sourceFromText(name, text));

describe('Loopscope JSONL reader', () => {
  it('numbers assistant turns 1..N and calls 1..M across the transcript', async () => {
    const { transcripts, warnings } = await read(SAMPLE);
    expect(warnings).toEqual([]);
    const [t] = transcripts;
    expect(t.title).toBe('ls loop');
    expect(t.turns.map((x) => x.index)).toEqual([1, 2, 3]);
    expect(t.turns.map((x) => x.calls.map((c) => c.index))).toEqual([[1, 2], [3], []]);
    expect(t.turns[0].calls[0]).toMatchObject({
      id: 'c1',
      name: 'ls',
      args: { path: 'src' },
      result: { content: 'a.rs\nb.rs', isError: false },
    });
    expect(t.turns[0].calls[1].result).toBeUndefined();
    expect(t.turns[0].tokens).toEqual({ input: 1200, output: 80 });
    expect(t.turns[0].agent).toBe('w1');
  });

  it('reads repeated results, tool names and texts (shared while parsing) as the values the file wrote', async () => {
    const long = 'x'.repeat(20_000);
    const call = (id: string, content: string) =>
      JSON.stringify({
        id,
        name: 'str_replace_editor',
        args: { path: 'src/a.rs' },
        result: { content, isError: false },
      });
    const lines = [
      `{"type":"assistant","text":"Reading the file again.","calls":[${call('c1', 'fn main() {}\n// end')},${call('c2', long)}]}`,
      `{"type":"assistant","text":"Reading the file again.","calls":[${call('c3', 'fn main() {}\n// end')},${call('c4', long + 'y')}]}`,
      `{"type":"assistant","text":"Reading the file again.","calls":[${call('c5', long)}]}`,
    ];
    const [t] = (await read(lines.join('\n'))).transcripts;
    expect(t.turns.map((x) => x.text)).toEqual(Array(3).fill('Reading the file again.'));
    expect(t.turns.flatMap((x) => x.calls.map((c) => [c.index, c.name, c.result!.content.length]))).toEqual([
      [1, 'str_replace_editor', 19],
      [2, 'str_replace_editor', 20_000],
      [3, 'str_replace_editor', 19],
      [4, 'str_replace_editor', 20_001],
      [5, 'str_replace_editor', 20_000],
    ]);
    expect(t.turns[0].calls[0].result!.content).toBe('fn main() {}\n// end');
    expect(t.turns[1].calls[1].result!.content).toBe(long + 'y');
    expect(t.turns[2].calls[0].result!.content).toBe(long);
  });

  it('attaches user and system messages to the next assistant turn', async () => {
    const [t] = (await read(SAMPLE)).transcripts;
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a coding agent.' },
      { role: 'user', text: 'List src' },
    ]);
    expect(t.turns[1].before).toBeUndefined();
    expect(t.turns[2].before).toEqual([{ role: 'user', text: 'Stop.' }]);
  });

  it('keeps labels and judge lines', async () => {
    const [t] = (await read(SAMPLE)).transcripts;
    expect(t.labels).toEqual([{ startTurn: 2, endTurn: 3, kind: 'loop', note: 'ls again' }]);
    expect(t.judge).toEqual([{ turn: 2, model: 'flash', confidence: 0.95, analysis: 'repeating ls' }]);
  });

  it('round-trips: write then read gives the same model, unknown fields included', async () => {
    const [t] = (await read(SAMPLE)).transcripts;
    const text = writeLoopscopeJsonl(t);
    const [again] = (await read(text)).transcripts;
    expect(again).toEqual(t);
    expect(t.extra).toEqual({ team: 'core' });
    expect(t.turns[0].extra).toEqual({ mood: 'calm' });
    expect(t.turns[1].calls[0].extra).toEqual({ retries: 2 });
    expect(text.split('\n')[0]).toBe('{"type":"meta","team":"core","version":1,"title":"ls loop","source":"unit"}');
  });

  it('skips a malformed line, reports FILE:LINE: reason, and loads the rest', async () => {
    const lines = SAMPLE.split('\n');
    lines.splice(4, 0, '{"type":"assistant","calls":{"name":"ls"}}', '{not json', '[1,2]', '{"text":"no type"}');
    const { transcripts, warnings } = await read(lines.join('\n'), 'bad.loop.jsonl');
    expect(transcripts[0].turns).toHaveLength(3);
    expect(warnings.map((w) => `${w.file}:${w.line}: ${w.reason.replace(/ \(.*\)$/, '')}`)).toEqual([
      'bad.loop.jsonl:5: "calls" must be an array',
      'bad.loop.jsonl:6: not valid JSON',
      'bad.loop.jsonl:7: expected a JSON object',
      'bad.loop.jsonl:8: missing "type"',
    ]);
  });

  it.each([
    ['{"type":"assistant","calls":[{"args":{}}]}', 'call 1 has no "name"'],
    ['{"type":"judge","turn":3,"model":"ultra","confidence":0.5}', 'must be "flash" or "pro"'],
    ['{"type":"judge","turn":3,"model":"pro","confidence":1.5}', '"confidence" must be a number from 0 to 1'],
    ['{"type":"judge","turn":0,"model":"pro","confidence":0.5}', '"turn" must be an integer >= 1'],
    ['{"type":"label","startTurn":5,"endTurn":2}', '"endTurn" 2 is before "startTurn" 5'],
    ['{"type":"label","startTurn":1,"endTurn":2,"kind":"maybe"}', '"kind" must be "loop" or "progress"'],
    ['{"type":"assistant","text":42}', '"text" must be a string'],
    ['{"type":"assistant","tokens":7}', '"tokens" must be an object'],
    ['{"type":"assistant","calls":[{"name":"x","result":"ok"}]}', 'call 1: "result" must be an object'],
    ['{"type":"meta","version":2}', 'unsupported version 2'],
    ['{"type":"tool","text":"?"}', 'unknown type "tool"'],
  ])('reports %s', async (bad, reason) => {
    const { warnings, transcripts } = await read(`{"type":"assistant","text":"ok"}\n${bad}`);
    expect(transcripts[0].turns).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].line).toBe(2);
    expect(warnings[0].reason).toContain(reason);
  });

  it('rejects a file with nothing readable, saying so', async () => {
    await expect(read('garbage\n{also bad', 'x.loop.jsonl')).rejects.toThrow(
      /^x\.loop\.jsonl: nothing readable as Loopscope JSONL: none of its 2 lines could be read \(first problem, line 1: not valid JSON/,
    );
    await expect(read('\n\n', 'e.loop.jsonl')).rejects.toThrow(
      'e.loop.jsonl: nothing readable as Loopscope JSONL: the file is empty',
    );
  });

  it('starts a new transcript at each later meta line', async () => {
    const text =
      '{"type":"meta","title":"a"}\n{"type":"assistant"}\n{"type":"meta","title":"b"}\n{"type":"assistant","calls":[{"name":"x"}]}\n{"type":"assistant"}';
    const { transcripts } = await read(text);
    expect(
      transcripts.map((t) => [t.title, t.turns.length, t.turns.flatMap((x) => x.calls.map((c) => c.index))]),
    ).toEqual([
      ['a', 1, []],
      ['b', 2, [1]],
    ]);
  });

  it('warns about a label that reaches past the last turn', async () => {
    const { warnings } = await read('{"type":"assistant"}\n{"type":"label","startTurn":1,"endTurn":4}');
    expect(warnings).toEqual([{ file: 'run.loop.jsonl', reason: 'label 1-4 reaches past the last turn (1)' }]);
  });

  it('handles CRLF line endings and a missing final newline', async () => {
    const { transcripts } = await read('{"type":"assistant","text":"a"}\r\n{"type":"assistant","text":"b"}');
    expect(transcripts[0].turns.map((t) => t.text)).toEqual(['a', 'b']);
  });
});

describe('format detection', () => {
  it('recognises Loopscope JSONL by name and by content', async () => {
    expect((await importSource(sourceFromText('a.loop.jsonl', SAMPLE))).format).toBe('loopscope-jsonl');
    expect((await importSource(sourceFromText('a.txt', SAMPLE))).format).toBe('loopscope-jsonl');
  });

  it('says the file is empty or binary', async () => {
    await expect(importSource(sourceFromText('e.json', ''))).rejects.toThrow('e.json: the file is empty');
    const bin = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]);
    const { sourceFromBytes } = await import('./source');
    await expect(importSource(sourceFromBytes('p.png', bin))).rejects.toThrow(
      'p.png: this is a binary file, not a transcript',
    );
  });
});
