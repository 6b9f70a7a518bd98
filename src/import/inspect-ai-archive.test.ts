import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportWarning } from '../model/transcript';
import { openEvalArchive } from './inspect-ai-archive';
import { parseInspectAi } from './inspect-ai';
import { expectRoundTrip } from './roundtrip.test-util';
import { rawZip, zstdRle } from './zip.test-util';
import { sourceFromBytes } from './source';
import { ImportError } from './types';

const STREAMING = path.resolve(__dirname, '../../corpus/real/inspect-ai/tests/log/test_eval_log/log_streaming.eval');
const ZSTD_TWIN = path.resolve(__dirname, 'fixtures/inspect-ai/log_streaming.zstd.eval');
const read = (p: string) => new Uint8Array(readFileSync(p));
const KiB = 1024;

const header = { version: 2, status: 'success', eval: { task: 'ctf', model: 'openai/gpt-4o' } };
const json = (v: unknown) => strToU8(JSON.stringify(v));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => new Error('no error'),
    (e: unknown) => e as Error,
  );

describe('zstd-compressed .eval archives (zip method 93)', () => {
  it('the real log re-packed with zstd imports exactly as its deflate original', async () => {
    const deflate = await parseInspectAi(sourceFromBytes('log_streaming.eval', read(STREAMING)));
    const zstd = await parseInspectAi(sourceFromBytes('log_streaming.eval', read(ZSTD_TWIN)));
    expect(zstd.warnings).toEqual([]);
    expect(zstd.transcripts.map((t) => t.title)).toEqual([
      'popularity · sample 1 · epoch 1',
      'popularity · sample 1 · epoch 2',
      'popularity · sample 2 · epoch 1',
      'popularity · sample 2 · epoch 2',
    ]);
    expect(zstd.transcripts).toEqual(deflate.transcripts);
    for (const t of zstd.transcripts) await expectRoundTrip(t);
  });

  it('refuses a frame whose window is over the entry limit before decoding it', async () => {
    // Single-segment frame declaring 1 GiB of content: fzstd would allocate all of it at once.
    const frame = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0, 0, 0, 0x40, 0x01, 0, 0]);
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: frame, method: 93, size: 10 },
    ]);
    expect((await failure(parseInspectAi(sourceFromBytes('bomb.eval', zip)))).message).toBe(
      'bomb.eval: entry samples/1_epoch_1.json declares a zstd window of 1 GiB, over the 256 MiB limit for one archive entry (raise it with --max-entry-mb)',
    );
  });

  it('stops a zstd entry that inflates past the limit its header hid', () => {
    const zip = rawZip([{ name: 'samples/1_epoch_1.json', data: zstdRle(100), method: 93, size: 10 }]);
    const archive = openEvalArchive(zip, 'liar.eval', [], { entryBytes: 64 * KiB, totalBytes: 1024 * KiB });
    expect(() => archive.samples[0].read()).toThrow(
      new ImportError(
        'liar.eval',
        'entry samples/1_epoch_1.json inflates past the 64 KiB limit for one archive entry (its header says 10 bytes; raise it with --max-entry-mb)',
      ),
    );
  });

  it('a truncated zstd entry is reported as damaged', () => {
    const data = zstdRle(3).slice(0, 12);
    const zip = rawZip([{ name: 'samples/1_epoch_1.json', data, method: 93, size: 3 * KiB }]);
    const archive = openEvalArchive(zip, 'cut.eval', []);
    expect(() => archive.samples[0].read()).toThrow(
      new ImportError(
        'cut.eval',
        'the .eval archive is truncated or damaged: entry samples/1_epoch_1.json: the zstd data is cut short',
      ),
    );
  });
});

describe('archive limits', () => {
  it('refuses an entry whose declared size is over the limit, before inflating it', async () => {
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: deflateSync(json({ id: 1 })), method: 8, size: 300 * 1024 * KiB },
    ]);
    expect((await failure(parseInspectAi(sourceFromBytes('big.eval', zip)))).message).toBe(
      'big.eval: entry samples/1_epoch_1.json declares 300 MiB uncompressed, over the 256 MiB limit for one archive entry (raise it with --max-entry-mb)',
    );
  });

  it('refuses an archive whose entries declare more than the total limit (the 3 GB zip bomb)', async () => {
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: deflateSync(json({ id: 1 })), method: 8, size: 3 * 1024 * 1024 * KiB },
    ]);
    expect((await failure(parseInspectAi(sourceFromBytes('bomb.eval', zip)))).message).toBe(
      'bomb.eval: its entries declare 3 GiB uncompressed in all, over the 2 GiB limit for one archive (raise it with --max-archive-mb)',
    );
  });

  it('the total is checked from the directory of a real log', () => {
    expect(() =>
      openEvalArchive(read(STREAMING), 'log_streaming.eval', [], { entryBytes: KiB * KiB, totalBytes: 4 * KiB }),
    ).toThrow(
      new ImportError(
        'log_streaming.eval',
        'its entries declare 32.3 KiB uncompressed in all, over the 4 KiB limit for one archive (raise it with --max-archive-mb)',
      ),
    );
  });

  it('stops a deflate entry that inflates past the limit its header hid', () => {
    const zip = rawZip([
      { name: 'samples/1_epoch_1.json', data: deflateSync(new Uint8Array(200 * KiB)), method: 8, size: 10 },
    ]);
    const archive = openEvalArchive(zip, 'liar.eval', [], { entryBytes: 64 * KiB, totalBytes: 1024 * KiB });
    expect(() => archive.samples[0].read()).toThrow(
      new ImportError(
        'liar.eval',
        'entry samples/1_epoch_1.json inflates past the 64 KiB limit for one archive entry (its header says 10 bytes; raise it with --max-entry-mb)',
      ),
    );
  });

  it('enforces the total while inflating when every header lies', () => {
    const zip = rawZip([
      { name: 'samples/1_epoch_1.json', data: zstdRle(3), method: 93, size: 10 },
      { name: 'samples/2_epoch_1.json', data: zstdRle(3), method: 93, size: 10 },
    ]);
    const warnings: ImportWarning[] = [];
    const archive = openEvalArchive(zip, 'liar.eval', warnings, { entryBytes: 4 * KiB, totalBytes: 5 * KiB });
    expect(archive.samples[0].read()).toEqual(undefined); // 3 KiB of spaces: not JSON, skipped
    expect(() => archive.samples[1].read()).toThrow(
      new ImportError(
        'liar.eval',
        'entry samples/2_epoch_1.json takes the archive past the 5 KiB limit for all its entries together (raise it with --max-archive-mb)',
      ),
    );
    expect(warnings.map((w) => w.reason)).toEqual([
      'no header.json or start.json: task and model are unknown',
      'samples/1_epoch_1.json: not valid JSON (Unexpected end of JSON input); skipped',
    ]);
  });
});

describe('newer sample layouts', () => {
  const system = { role: 'system', content: 'You are a CTF player.' };
  const user = { role: 'user', content: 'Find the flag.' };
  const call = { id: 'c1', function: 'bash', arguments: { cmd: 'ls' } };

  it('reads a chunked sample (log version 3): message_refs into the pool, attachments by index', async () => {
    const assistant = { id: 'a1', role: 'assistant', content: 'attachment://0', tool_calls: [call] };
    const tool = { role: 'tool', tool_call_id: 'c1', function: 'bash', content: 'attachment://1' };
    const done = { id: 'a2', role: 'assistant', content: 'The flag is in flag.txt.' };
    const p = 'samples/web-1_epoch_1';
    const zip = zipSync({
      'header.json': json({ ...header, version: 3 }),
      [`${p}/sample.json`]: json({
        id: 'web-1',
        epoch: 1,
        message_refs: [
          [0, 2],
          [3, 6],
        ],
      }),
      [`${p}/messages/0.json`]: json([system, user, { role: 'user', content: 'not in the conversation' }]),
      [`${p}/messages/3.json`]: json([assistant, tool, done]),
      [`${p}/events/0.json`]: json([
        {
          event: 'model',
          input_refs: [[0, 2]],
          output: { usage: { input_tokens: 11, output_tokens: 7 }, choices: [{ message: { id: 'a1' } }] },
        },
        {
          event: 'model',
          input_refs: [
            [0, 2],
            [3, 5],
          ],
          output: { usage: { input_tokens: 30, output_tokens: 9 }, choices: [{ message: { id: 'a2' } }] },
        },
      ]),
      [`${p}/attachments/0.json`]: json(['Let me look.', 'flag.txt']),
      // Not read: wire calls and the events sidecars.
      [`${p}/calls/0.json`]: strToU8('not even JSON'),
      [`${p}/events/stats.json`]: json({}),
    });
    const r = await parseInspectAi(sourceFromBytes('chunked.eval', zip));
    expect(r.warnings).toEqual([]);
    const [t] = r.transcripts;
    expect(t.title).toBe('ctf · sample web-1 · epoch 1');
    expect(t.turns.map((u) => [u.text, u.tokens, u.calls.map((c) => [c.name, c.args, c.result])])).toEqual([
      ['Let me look.', { input: 11, output: 7 }, [['bash', { cmd: 'ls' }, { content: 'flag.txt', isError: false }]]],
      ['The flag is in flag.txt.', { input: 30, output: 9 }, []],
    ]);
    expect(t.turns[0].before).toEqual([
      { role: 'system', text: 'You are a CTF player.' },
      { role: 'user', text: 'Find the flag.' },
    ]);
    await expectRoundTrip(t);
  });

  it('rebuilds an events-only sample from its last model event and the message pool', async () => {
    const a1 = { id: 'a1', role: 'assistant', content: 'Listing.', tool_calls: [call] };
    const res = { role: 'tool', tool_call_id: 'c1', function: 'bash', content: 'flag.txt' };
    const a2 = { id: 'a2', role: 'assistant', content: 'Found it.' };
    const sample = {
      id: 7,
      epoch: 2,
      messages: [],
      events: [
        {
          event: 'model',
          input: [],
          input_refs: [[0, 2]],
          output: { usage: { input_tokens: 5, output_tokens: 3 }, choices: [{ message: a1 }] },
        },
        { event: 'tool', id: 'c1', function: 'bash', result: 'flag.txt' },
        {
          event: 'model',
          input: [],
          input_refs: [[0, 4]],
          output: { usage: { input_tokens: 9, output_tokens: 2 }, choices: [{ message: a2 }] },
        },
      ],
      events_data: { messages: [system, user, a1, res], calls: [] },
    };
    const zip = zipSync({ 'header.json': json(header), 'samples/7_epoch_2.json': json(sample) });
    const r = await parseInspectAi(sourceFromBytes('events.eval', zip));
    expect(r.warnings).toEqual([
      {
        file: 'events.eval',
        reason: 'sample 7 epoch 2: no messages; the conversation is rebuilt from its last model event',
      },
    ]);
    const [t] = r.transcripts;
    expect(t.turns.map((u) => [u.text, u.tokens, u.calls.map((c) => c.result?.content)])).toEqual([
      ['Listing.', { input: 5, output: 3 }, ['flag.txt']],
      ['Found it.', { input: 9, output: 2 }, []],
    ]);
  });

  it('names the entry of a sample layout it does not know', async () => {
    const zip = zipSync({ 'header.json': json(header), 'samples/1_epoch_1/events.parquet': new Uint8Array(8) });
    expect((await failure(parseInspectAi(sourceFromBytes('new.eval', zip)))).message).toBe(
      'new.eval: entry samples/1_epoch_1/events.parquet is in a sample layout this reader does not know (it reads samples/<id>_epoch_<n>.json and samples/<id>_epoch_<n>/sample.json)',
    );
  });
});
