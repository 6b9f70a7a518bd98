/**
 * Beside src/import/bad-input.test.ts: every hostile or broken file of "What to build",
 * through the import the app runs (parse and store in the worker, src/workers/import-file.ts),
 * into a library that already holds a transcript. Each case asserts the exact message the user
 * sees and that the library is unchanged: a refused file stores nothing, and a file imported with
 * a warning adds only itself.
 */
import { deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { claudeCodeText } from '../import/synthetic.test-util';
import { rawZip } from '../import/zip.test-util';
import { MAX_JSON_DEPTH } from '../model/limits';
import { LoopscopeDb } from '../persistence/db';
import type { ImportOptions } from './import-file';
import { createEngineWorker } from './engine-api';

/** One engine worker for these tests (its sessions, waits and triage are its own). */
const { importFile } = createEngineWorker();

const MiB = 1024 * 1024;
const GOOD =
  '{"type":"meta","version":1,"title":"kept"}\n{"type":"assistant","calls":[{"name":"ls","args":{"path":"src"}}]}\n';
const header = { version: 2, status: 'success', eval: { task: 't', model: 'm' } };
const json = (v: unknown) => strToU8(JSON.stringify(v));

let dbs = 0;
/** A library holding one good transcript. */
async function library(): Promise<LoopscopeDb> {
  const db = new LoopscopeDb(`hostile-import-test-${++dbs}`);
  const first = await importFile(new Blob([GOOD]), 'kept.loop.jsonl', {}, undefined, undefined, undefined, {
    database: db,
  });
  expect(first.ok).toBe(true);
  return db;
}

/** Everything stored, but import times. */
async function contents(db: LoopscopeDb) {
  const rows = (await db.transcripts.toArray()).map(({ importedAt: _t, ...m }) => m);
  return { rows, chunks: await db.turnChunks.toArray(), bodies: await db.bodies.count() };
}

/** Imports `bytes` into a library; returns the message of the refusal, checking nothing was stored. */
async function refused(name: string, bytes: Uint8Array | string, opts: ImportOptions = {}): Promise<string> {
  const db = await library();
  const before = await contents(db);
  const outcome = await importFile(new Blob([bytes as BlobPart]), name, opts, undefined, undefined, undefined, {
    database: db,
  });
  expect(await contents(db)).toEqual(before);
  if (outcome.ok) throw new Error(`${name} was imported`);
  return outcome.error.message;
}

/** Imports `bytes`; returns its warnings, checking the library gained exactly one transcript. */
async function importedWithWarnings(name: string, bytes: Uint8Array | string): Promise<string[]> {
  const db = await library();
  const before = await contents(db);
  const outcome = await importFile(new Blob([bytes as BlobPart]), name, {}, undefined, undefined, undefined, {
    database: db,
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  const after = await contents(db);
  expect(after.rows.slice(0, before.rows.length)).toEqual(before.rows);
  expect(after.rows.length).toBe(before.rows.length + 1);
  expect(after.chunks.filter((c) => c.id === before.rows[0].id)).toEqual(before.chunks);
  return outcome.summary.warnings;
}

describe('limits: refused with one line naming the file, the limit and its flag; nothing stored', () => {
  it('an archive entry declaring more than the entry limit', async () => {
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: deflateSync(json({ id: 1 })), method: 8, size: 300 * MiB },
    ]);
    expect(await refused('big.eval', zip)).toBe(
      'big.eval: entry samples/1_epoch_1.json declares 300 MiB uncompressed, over the 256 MiB limit for one archive entry (raise it with --max-entry-mb)',
    );
  });

  it('the 3 GB zip bomb: entries declaring more than the archive limit', async () => {
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: deflateSync(json({ id: 1 })), method: 8, size: 3 * 1024 * MiB },
    ]);
    expect(await refused('bomb.eval', zip)).toBe(
      'bomb.eval: its entries declare 3 GiB uncompressed in all, over the 2 GiB limit for one archive (raise it with --max-archive-mb)',
    );
  });

  it('an entry whose header lies, stopped while inflating', async () => {
    const zip = rawZip([
      { name: 'header.json', data: json(header), method: 0, size: json(header).byteLength },
      { name: 'samples/1_epoch_1.json', data: deflateSync(new Uint8Array(200 * 1024)), method: 8, size: 10 },
    ]);
    expect(await refused('liar.eval', zip, { limits: { entryBytes: 64 * 1024 } })).toBe(
      'liar.eval: entry samples/1_epoch_1.json inflates past the 64 KiB limit for one archive entry (its header says 10 bytes; raise it with --max-entry-mb)',
    );
  });

  it('a line over the line limit', async () => {
    const text = `{"type":"meta","version":1}\n{"type":"assistant","text":"${'x'.repeat(5000)}"}\n`;
    expect(await refused('long.loop.jsonl', text, { limits: { lineChars: 4096 } })).toBe(
      'long.loop.jsonl:2: the line is over the 4 KiB limit for one line (raise it with --max-line-mb)',
    );
  });

  it('JSON nested deeper than the nesting limit', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(await refused('deep.json', deep)).toBe(
      `deep.json: nested deeper than ${MAX_JSON_DEPTH} levels: not a transcript any importer reads`,
    );
    expect(
      await refused(
        'chat.json',
        `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":${deep}}]}`,
      ),
    ).toBe(`chat.json:1: nested deeper than ${MAX_JSON_DEPTH} levels`);
  });
});

describe('bad files: one line naming the file and the reason; nothing stored', () => {
  it('a file no importer reads', async () => {
    expect(await refused('notes.txt', 'Shopping list\n- milk\n')).toBe(
      'notes.txt: not a transcript format Loopscope reads (the content is text, not JSON, starting "Shopping list"); see docs/formats.md or `loopscope formats`',
    );
  });

  it('a binary file, an empty file, a truncated archive', async () => {
    expect(await refused('x.jsonl', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))).toBe(
      'x.jsonl: this is a binary file, not a transcript',
    );
    expect(await refused('empty.jsonl', '')).toBe('empty.jsonl: the file is empty');
    const zip = zipSync({ 'header.json': json(header), 'samples/1_epoch_1.json': json({ id: 1, messages: [] }) });
    expect(await refused('cut.eval', zip.subarray(0, zip.length - 30))).toMatch(
      /^cut\.eval: the \.eval archive is truncated or damaged: \S/,
    );
  });

  it('a whole document that is not valid JSON names its line and column', async () => {
    expect(await refused('chat.json', '{\n  "messages": [\n    {"role": "user", "content": "hi"},\n  ]\n}\n')).toBe(
      'chat.json: not valid JSON (Unexpected token \']\', ..." "hi"},\\n  ]\\n}\\n" is not valid JSON (line 4 column 3))',
    );
  });
});

describe('silent changes are said; the file imports and nothing else changes', () => {
  it('a number too large to hold (1e999)', async () => {
    const lines = claudeCodeText(2).split('\n');
    lines[2] = lines[2].replace('"input_tokens":4', '"input_tokens":1e999');
    expect(await importedWithWarnings('session.jsonl', lines.join('\n'))).toEqual([
      'session.jsonl:3: "message.usage.input_tokens" is not a finite number (Infinity): read as missing',
    ]);
  });

  it('invalid UTF-8 in a whole document', async () => {
    const doc = strToU8('{"messages":[{"role":"user","content":"hi"},\n{"role":"assistant","content":"caf?"}]}');
    doc[doc.indexOf(0x3f)] = 0xff;
    expect(await importedWithWarnings('chat.json', doc)).toEqual([
      'chat.json:2: invalid UTF-8 replaced by U+FFFD; the text there may be garbled',
      'chat.json: no tool calls in this transcript: call-based detectors will have nothing to look at',
    ]);
  });

  it('one turn over what one stored record holds: its result is cut, with a warning', async () => {
    const big = 'r'.repeat(50 * MiB);
    const line = JSON.stringify({ type: 'assistant', calls: [{ name: 'cat', result: { content: big } }] });
    expect(await importedWithWarnings('huge.loop.jsonl', line)).toEqual([
      'huge.loop.jsonl: turn 1: 52 M characters is more than one stored record holds; the end of the result of call 1 was cut',
    ]);
  });
});
