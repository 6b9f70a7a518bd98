/**
 * Beside bad-input.test.ts: what an import changes is said. A number too large to hold
 * (`1e999`) and invalid UTF-8 each give one warning naming the file, the line (or archive entry)
 * and the field, in every format, whether the file is read line by line or whole.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importSource } from './index';
import { sourceFromBlob, sourceFromBytes, sourceFromText } from './source';
import { claudeCodeText } from './synthetic.test-util';

const fixture = (p: string) => readFileSync(resolve(__dirname, 'fixtures', p), 'utf8');
const header = { version: 2, status: 'success', eval: { task: 't', model: 'm' } };
const SAMPLE = (args: string) =>
  `{"id":1,"epoch":1,"messages":[{"role":"user","content":"q"},{"role":"assistant","content":"a","tool_calls":[{"id":"t","function":"ls","arguments":${args}}]}]}`;

describe('numbers too large to hold (1e999)', () => {
  it('Loopscope JSONL: a token count becomes unknown, naming the line', async () => {
    const text = [
      '{"type":"meta","version":1,"title":"t"}',
      '{"type":"assistant","calls":[{"name":"ls"}],"tokens":{"input":1e999,"output":12}}',
    ].join('\n');
    const { transcripts, warnings } = await importSource(sourceFromText('inf.loop.jsonl', text));
    expect(transcripts[0].turns[0].tokens).toEqual({ output: 12 });
    expect(warnings).toEqual([
      { file: 'inf.loop.jsonl', line: 2, reason: '"tokens.input" is not a finite number (Infinity): read as missing' },
    ]);
  });

  it('Claude Code JSONL: the line and the field path', async () => {
    const lines = claudeCodeText(2).split('\n');
    lines[2] = lines[2].replace('"input_tokens":4', '"input_tokens":1e999');
    const r = await importSource(sourceFromText('session.jsonl', lines.join('\n')));
    expect(r.format).toBe('claude-code');
    expect(r.warnings).toEqual([
      {
        file: 'session.jsonl',
        line: 3,
        reason: '"message.usage.input_tokens" is not a finite number (Infinity): read as missing',
      },
    ]);
  });

  it('a pretty-printed Gemini CLI document: the line found in the text, and how many more', async () => {
    const text = fixture('gemini-cli/session-2025-09-18T14-02-5d1f6a2b.json')
      .replace('"input": 9580', '"input": 1e999')
      .replace('"output": 27', '"output": -1e400');
    const r = await importSource(sourceFromText('g.json', text));
    expect(r.format).toBe('gemini-cli');
    expect(r.warnings).toEqual([
      {
        file: 'g.json',
        line: 47,
        reason: '"messages[2].tokens.input" is not a finite number (Infinity): read as missing (and 1 more)',
      },
    ]);
    expect(r.transcripts[0].turns.map((t) => t.tokens?.input)).toEqual([9321, undefined, 9801]);
  });

  it('OpenAI chat messages one a line (read as an array): the line of the record', async () => {
    const text = [
      '{"role":"user","content":"hi"}',
      '{"role":"assistant","content":"a","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}',
      '{"role":"tool","tool_call_id":"c","content":"ok","score":1e999}',
    ].join('\n');
    const r = await importSource(sourceFromText('chat.jsonl', text));
    expect(r.format).toBe('openai-chat');
    expect(r.warnings).toEqual([
      { file: 'chat.jsonl', line: 3, reason: '"score" is not a finite number (Infinity): read as missing' },
    ]);
  });

  it('an .eval sample entry: the entry, its line, and the argument path; the argument is null', async () => {
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify(header)),
      'samples/1_epoch_1.json': strToU8(SAMPLE('{"n":1e999}')),
    });
    const r = await importSource(sourceFromBytes('run.eval', zip));
    expect(r.warnings).toEqual([
      {
        file: 'run.eval',
        reason:
          'samples/1_epoch_1.json:1: "messages[1].tool_calls[0].arguments.n" is not a finite number (Infinity): read as missing',
      },
    ]);
    expect(r.transcripts[0].turns[0].calls[0].args).toEqual({ n: null });
  });

  it('past 100 records, the rest are counted in one warning', async () => {
    const line = '{"type":"assistant","calls":[{"name":"ls"}],"tokens":{"input":1e999}}';
    const text = ['{"type":"meta","version":1,"title":"t"}', ...Array.from({ length: 250 }, () => line)].join('\n');
    const { warnings } = await importSource(sourceFromText('many.loop.jsonl', text));
    expect(warnings).toHaveLength(101);
    expect(warnings[99]).toEqual({
      file: 'many.loop.jsonl',
      line: 101,
      reason: '"tokens.input" is not a finite number (Infinity): read as missing',
    });
    expect(warnings[100]).toEqual({
      file: 'many.loop.jsonl',
      reason: '150 more records with numbers too large to hold: read as missing',
    });
  });

  it('large but finite numbers, and 1e999 inside a string, are left alone', async () => {
    const text = [
      '{"type":"meta","version":1,"title":"1e999"}',
      `{"type":"assistant","calls":[{"name":"ls","args":{"big":1.5e308,"long":${'9'.repeat(300)}}}]}`,
    ].join('\n');
    const r = await importSource(sourceFromText('ok.loop.jsonl', text));
    expect(r.warnings).toEqual([]);
    expect(r.transcripts[0].title).toBe('1e999');
  });
});

/** `text` with the bytes of each `\uE000` replaced by `bad` (an invalid UTF-8 sequence). */
function withBadBytes(text: string, bad: number[]): Uint8Array<ArrayBuffer> {
  const parts = text.split('\uE000').map((p) => new TextEncoder().encode(p));
  const out: number[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push(...bad);
    out.push(...p);
  });
  return new Uint8Array(out);
}

describe('invalid UTF-8', () => {
  it('read line by line: replaced, with a warning naming the first line and how many more', async () => {
    const text =
      '{"type":"meta","version":1,"title":"t"}\n{"type":"assistant","text":"a\uE000","calls":[{"name":"ls"}]}\n' +
      '{"type":"assistant","text":"b\uE000","calls":[{"name":"ls"}]}\n';
    const { transcripts, warnings } = await importSource(sourceFromBytes('bad.loop.jsonl', withBadBytes(text, [0xff])));
    expect(transcripts[0].turns.map((t) => t.text)).toEqual(['a\uFFFD', 'b\uFFFD']);
    expect(warnings).toEqual([
      {
        file: 'bad.loop.jsonl',
        line: 2,
        reason: 'invalid UTF-8 replaced by U+FFFD (and 1 more line); the text there may be garbled',
      },
    ]);
  });

  it('a whole JSON document (pretty-printed OpenAI chat): the line in the document', async () => {
    const doc = {
      messages: [
        { role: 'user', content: 'fix the bug' },
        {
          role: 'assistant',
          content: 'caf\uE000',
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'ls', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c', content: 'a.ts' },
      ],
    };
    const bytes = withBadBytes(JSON.stringify(doc, null, 2), [0xc3]);
    const r = await importSource(sourceFromBytes('chat.json', bytes));
    expect(r.format).toBe('openai-chat');
    expect(r.transcripts[0].turns[0].text).toBe('caf\uFFFD');
    expect(r.warnings).toEqual([
      { file: 'chat.json', line: 9, reason: 'invalid UTF-8 replaced by U+FFFD; the text there may be garbled' },
    ]);
  });

  it('a whole SWE-agent .traj read from a Blob: two lines, the first named', async () => {
    const traj = JSON.stringify(
      { trajectory: [{ action: 'ls \uE000', observation: 'a\n\uE000b', response: 'r', thought: 't' }], history: [] },
      null,
      1,
    );
    const bytes = withBadBytes(traj, [0xe2, 0x82]);
    const r = await importSource(sourceFromBlob('run.traj', new Blob([bytes])));
    expect(r.format).toBe('swe-agent');
    expect(r.warnings).toEqual([
      {
        file: 'run.traj',
        line: 4,
        reason: 'invalid UTF-8 replaced by U+FFFD (and 1 more line); the text there may be garbled',
      },
    ]);
  });

  it('an .eval entry: the warning names the entry and its line', async () => {
    const sample = withBadBytes(SAMPLE('{"path":"caf\uE000"}'), [0xff, 0xfe]);
    const zip = zipSync({ 'header.json': strToU8(JSON.stringify(header)), 'samples/1_epoch_1.json': sample });
    const r = await importSource(sourceFromBytes('run.eval', zip));
    expect(r.transcripts[0].turns[0].calls[0].args).toEqual({ path: 'caf\uFFFD\uFFFD' });
    expect(r.warnings).toEqual([
      {
        file: 'run.eval',
        reason: 'samples/1_epoch_1.json:1: invalid UTF-8 replaced by U+FFFD; the text there may be garbled',
      },
    ]);
  });
});
