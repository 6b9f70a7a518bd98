import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../model/transcript';
import { importSource } from './index';
import { inspectAiImporter, parseInspectAi } from './inspect-ai';
import { expectRoundTrip } from './roundtrip.test-util';
import { sourceFromBytes } from './source';
import { ImportError } from './types';

const CORPUS = path.resolve(__dirname, '../../corpus/real/inspect-ai/tests');
const BROWSER = 'analysis/test_logs/2025-05-12T20-27-36-04-00_browser.json';
const POPULARITY = 'analysis/test_logs/2025-05-12T20-28-13-04-00_popularity.json';
const SECURITY = 'analysis/test_logs/2025-05-12T20-28-26-04-00_security-guide.json';
const STREAMING = 'log/test_eval_log/log_streaming.eval';
const SCORER = 'scorer/logs/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval';

const bytesOf = (rel: string) => new Uint8Array(readFileSync(path.join(CORPUS, rel)));
const load = (rel: string, name = path.basename(rel)) => parseInspectAi(sourceFromBytes(name, bytesOf(rel)));
const shape = (ts: Transcript[]) =>
  ts.map((t) => [t.title, t.turns.length, t.turns.reduce((n, u) => n + u.calls.length, 0)]);

describe('inspect_ai importer on the corpus logs', () => {
  it.each([
    [
      POPULARITY,
      [
        ['popularity · sample 1 · epoch 1', 1, 0],
        ['popularity · sample 2 · epoch 1', 1, 0],
        ['popularity · sample 3 · epoch 1', 1, 0],
      ],
    ],
    [
      SECURITY,
      [
        ['security_guide · sample 1 · epoch 1', 1, 0],
        ['security_guide · sample 2 · epoch 1', 1, 0],
        ['security_guide · sample 3 · epoch 1', 1, 0],
      ],
    ],
    [BROWSER, [['browser · sample 1 · epoch 1', 5, 4]]],
    [
      STREAMING,
      [
        ['popularity · sample 1 · epoch 1', 1, 0],
        ['popularity · sample 1 · epoch 2', 1, 0],
        ['popularity · sample 2 · epoch 1', 1, 0],
        ['popularity · sample 2 · epoch 2', 1, 0],
      ],
    ],
  ])('%s: one transcript per sample', async (rel, expected) => {
    const r = await load(rel);
    expect(r.format).toBe('inspect-ai');
    expect(r.warnings).toEqual([]);
    expect(shape(r.transcripts)).toEqual(expected);
    for (const t of r.transcripts) await expectRoundTrip(t);
  });

  it('reads all 10 samples of the scorer .eval in sample order', async () => {
    const r = await load(SCORER);
    expect(r.transcripts.map((t) => t.extra?.sampleId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.transcripts.every((t) => t.turns.length === 1 && t.turns[0].calls.length === 0)).toBe(true);
    expect(r.transcripts[0].turns[0].text).toBe('Yes');
    expect(r.transcripts[0].turns[0].tokens).toEqual({ input: 64, output: 2 });
    expect(r.transcripts[0].extra).toEqual({ sampleId: 1, epoch: 1, task: 'popularity', model: 'openai/gpt-4o-mini' });
    for (const t of r.transcripts) await expectRoundTrip(t);
  });

  it('maps the browser agent: tool calls, their results, per-turn usage and time', async () => {
    const [t] = (await load(BROWSER)).transcripts;
    expect(t.extra).toEqual({ sampleId: 1, epoch: 1, task: 'browser', model: 'openai/gpt-4o-mini' });
    const [first, second] = t.turns;
    expect(first.before).toEqual([
      {
        role: 'user',
        text: 'Use the web browser tool to navigate to https://www.aisi.gov.uk/. Then, see if you can find a page on the site that describes the work of the UK AISI. Then, summarize this work in two paragraphs.',
      },
    ]);
    expect(first.text).toBe('');
    expect(first.tokens).toEqual({ input: 1124, output: 23 });
    expect(first.timestamp).toBe('2025-05-12T20:27:39.697159-04:00');
    expect(first.calls[0]).toMatchObject({
      index: 1,
      id: 'call_35FTpd6shR9efioDgeEBZ33s',
      name: 'web_browser_go',
      args: { url: 'https://www.aisi.gov.uk/' },
    });
    expect(first.calls[0].result?.isError).toBe(false);
    expect(first.calls[0].result?.content.startsWith('[132] link "We are now the AI Security Institute"')).toBe(true);
    expect(second.calls.map((c) => [c.index, c.name, c.args])).toEqual([[2, 'web_browser_click', { element_id: 151 }]]);
    expect(t.turns.flatMap((u) => u.calls.map((c) => c.args))).toEqual([
      { url: 'https://www.aisi.gov.uk/' },
      { element_id: 151 },
      { element_id: 884 },
      { element_id: 903 },
    ]);
    expect(t.turns[4].calls).toEqual([]);
    expect(
      t.turns[4].text.startsWith('The AI Security Institute (AISI) is the premier governmental organization'),
    ).toBe(true);
    expect(t.turns[4].tokens).toEqual({ input: 5915, output: 207 });
  });
});

describe('damaged and unusual .eval archives', () => {
  it('reports a truncated archive clearly, not as an fflate error', async () => {
    const whole = bytesOf(STREAMING);
    for (const cut of [5000, whole.byteLength - 30]) {
      const err = await parseInspectAi(sourceFromBytes('log_streaming.eval', whole.slice(0, cut))).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ImportError);
      expect((err as ImportError).message).toMatch(
        /^log_streaming\.eval: the \.eval archive is truncated or damaged: /,
      );
    }
  });

  const header = { version: 2, status: 'success', eval: { task: 'ctf', model: 'anthropic/claude' } };
  const sample = {
    id: 'web-1',
    epoch: 1,
    attachments: { abc: 'a long listing stored once' },
    messages: [
      { role: 'system', content: 'You are a CTF player.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Find the flag.' },
          { type: 'image', image: 'data:...' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', reasoning: 'List first.' },
          { type: 'text', text: 'Listing.' },
        ],
        tool_calls: [
          { id: 't1', function: 'bash', arguments: { cmd: 'ls' } },
          { id: 't2', function: 'bash', arguments: { cmd: 'cat flag' } },
        ],
      },
      { role: 'tool', tool_call_id: 't1', function: 'bash', content: 'attachment://abc' },
      {
        role: 'tool',
        tool_call_id: 't2',
        function: 'bash',
        content: '',
        error: { type: 'timeout', message: 'Command timed out' },
      },
      { role: 'tool', tool_call_id: 'nope', function: 'bash', content: 'stray' },
      { role: 'assistant', content: 'Giving up.', tool_calls: [{ id: 't3', function: 'submit', arguments: {} }] },
      { role: 'tool', tool_call_id: 't3', content: [{ type: 'text', text: 'wrong' }], tool_error: 'incorrect flag' },
    ],
    output: { usage: { input_tokens: 10, output_tokens: 5 } },
    limit: { type: 'message', limit: 8 },
  };
  const archive = (files: Record<string, unknown>) => {
    const z: Record<string, Uint8Array> = {};
    for (const [k, v] of Object.entries(files)) z[k] = strToU8(JSON.stringify(v));
    return zipSync(z);
  };

  it('maps content lists, attachments, tool errors and stray results of a hand-made archive', async () => {
    const r = await parseInspectAi(
      sourceFromBytes('run.eval', archive({ 'header.json': header, 'samples/web-1_epoch_1.json': sample })),
    );
    expect(r.warnings).toEqual([
      { file: 'run.eval', reason: 'sample web-1 epoch 1: tool message 6 answers unknown call "nope"; kept as context' },
    ]);
    const [t] = r.transcripts;
    expect(t.title).toBe('ctf · sample web-1 · epoch 1');
    expect(t.turns).toHaveLength(2);
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a CTF player.' },
      { role: 'user', text: 'Find the flag.\n[image]' },
    ]);
    expect(t.turns[0].text).toBe('Listing.');
    expect(t.turns[0].extra).toEqual({ reasoning: 'List first.' });
    expect(t.turns[0].calls.map((c) => [c.id, c.args, c.result])).toEqual([
      ['t1', { cmd: 'ls' }, { content: 'a long listing stored once', isError: false }],
      ['t2', { cmd: 'cat flag' }, { content: 'timeout: Command timed out', isError: true }],
    ]);
    expect(t.turns[1].before).toEqual([{ role: 'system', text: 'tool result (bash): stray' }]);
    expect(t.turns[1].calls[0].result).toEqual({ content: 'wrong\nunknown: incorrect flag', isError: true });
    expect(t.after).toEqual([{ role: 'system', text: 'Stopped by the message limit (8)' }]);
    await expectRoundTrip(t);
  });

  it('says so when entries use a compression it cannot unpack (LZMA)', async () => {
    const zip = archive({ 'header.json': header, 'samples/web-1_epoch_1.json': sample });
    // Rewrite the method field of every local (offset 8) and central (offset 10) header to 14.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 4 <= zip.byteLength; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint16(i + 8, 14, true);
      if (sig === 0x02014b50) view.setUint16(i + 10, 14, true);
    }
    await expect(parseInspectAi(sourceFromBytes('z.eval', zip))).rejects.toThrow(
      new ImportError(
        'z.eval',
        'entry header.json uses LZMA, which this reader cannot unpack (only stored, deflate and zstd; `inspect log convert --to json` writes a log it reads)',
      ),
    );
  });

  it('falls back to _journal/start.json and says when a log has no samples', async () => {
    const r = await parseInspectAi(
      sourceFromBytes('live.eval', archive({ '_journal/start.json': header, 'samples/web-1_epoch_1.json': sample })),
    );
    expect(r.transcripts[0].title).toBe('ctf · sample web-1 · epoch 1');
    await expect(parseInspectAi(sourceFromBytes('h.eval', archive({ 'header.json': header })))).rejects.toThrow(
      /holds no samples/,
    );
  });
});

describe('inspect_ai sniffing', () => {
  const sniffOf = async (rel: string, name: string) => {
    const src = sourceFromBytes(name, bytesOf(rel));
    return inspectAiImporter.sniff(await src.head(), name);
  };

  it('matches .eval by name, and zips with inspect entries by content', async () => {
    expect(inspectAiImporter.matchesName('logs/2025-02-11_popularity.eval')).toBe(true);
    expect(inspectAiImporter.matchesName('log.json')).toBe(false);
    expect(await sniffOf(STREAMING, 'renamed.zip')).toBeNull();
    expect(await sniffOf(SCORER, 'renamed.bin')).toBeNull();
    const other = zipSync({ 'readme.txt': strToU8('hi') });
    expect(inspectAiImporter.sniff(new TextDecoder().decode(other), 'x.zip')).toMatch(/without header\.json/);
  });

  it('matches .json logs by their top-level keys', async () => {
    expect(await sniffOf(BROWSER, 'log.json')).toBeNull();
    expect(inspectAiImporter.sniff('{"messages": [{"role": "user", "content": "hi"}]}', 'chat.json')).toMatch(
      /no top-level "eval"/,
    );
    expect(inspectAiImporter.sniff('[{"eval": {}}]', 'x.json')).toBe('not a JSON object');
  });

  it('is detected through importSource for both kinds', async () => {
    const json = await importSource(sourceFromBytes('log.json', bytesOf(SECURITY)));
    expect(json.format).toBe('inspect-ai');
    const zip = await importSource(sourceFromBytes('renamed.zip', bytesOf(STREAMING)));
    expect(zip.format).toBe('inspect-ai');
    expect(zip.transcripts).toHaveLength(4);
  });
});
