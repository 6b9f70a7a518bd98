/**
 * Large files: line formats are read line by line (never `text()` or `bytes()`, so never one
 * whole-file string), progress is reported while parsing, and an abort stops the import.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callCount } from '../model/transcript';
import { importSource } from './index';
import { openJsonDocs, readJsonDocs } from './json-docs';
import { sourceFromBlob, sourceFromBytes, sourceFromText } from './source';
import type { ImportContext, ImportSource } from './types';
import {
  aiderText,
  claudeCodeText,
  codexText,
  geminiText,
  loopscopeText,
  openaiChatText,
  openhandsText,
} from './synthetic.test-util';

const CORPUS = resolve(__dirname, '../../corpus/real');

/** A source whose whole-file readers fail the test: line formats must only use head() and lines(). */
function linesOnly(src: ImportSource): ImportSource {
  return {
    ...src,
    text: () => Promise.reject(new Error(`text() called on ${src.name}`)),
    bytes: () => Promise.reject(new Error(`bytes() called on ${src.name}`)),
  };
}

function recorder() {
  const seen: [number, number][] = [];
  const ctx: ImportContext = { onProgress: (read, total) => seen.push([read, total]) };
  return { seen, ctx };
}

function expectGoodProgress(seen: [number, number][], size: number, minDuring: number): void {
  expect(seen.length).toBeGreaterThan(minDuring);
  for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
  expect(seen.every(([, total]) => total === size)).toBe(true);
  expect(seen[seen.length - 1][0]).toBe(size);
  // Reported while the lines are parsed, not only once at the end.
  expect(seen.filter(([read]) => read < size).length).toBeGreaterThanOrEqual(minDuring);
}

// [format, file name, text, transcripts, turns (all transcripts), calls (all transcripts)]
const LINE_FORMATS: [string, string, string, number, number, number][] = [
  ['loopscope-jsonl', 'big.loop.jsonl', loopscopeText(6000), 1, 6000, 6000],
  ['claude-code', 'session.jsonl', claudeCodeText(5000), 1, 5000, 5000],
  ['codex-rollout', 'rollout-2025-10-16T10-21-30-x.jsonl', codexText(5000), 1, 5000, 5000],
  ['openai-chat', 'requests.jsonl', openaiChatText(4000), 4000, 4000, 4000],
  ['gemini-cli', 'session-x.jsonl', geminiText(5000), 1, 5000, 5000],
  ['aider', '.aider.chat.history.md', aiderText(9000), 900, 9000, 9000],
  ['openhands', 'output.jsonl', openhandsText(3000), 3000, 3000, 3000],
];

describe('line formats stream', () => {
  it.each(LINE_FORMATS)('%s: lines only, progress while parsing', async (format, name, text, n, turns, calls) => {
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(2_000_000); // several 1 MB chunks
    const { seen, ctx } = recorder();
    const r = await importSource(linesOnly(sourceFromBytes(name, bytes, ctx)), ctx);
    expect(r.format).toBe(format);
    expect(r.warnings).toEqual([]);
    expect(r.transcripts).toHaveLength(n);
    expect(r.transcripts.reduce((s, t) => s + t.turns.length, 0)).toBe(turns);
    expect(r.transcripts.reduce((s, t) => s + callCount(t), 0)).toBe(calls);
    expectGoodProgress(seen, bytes.byteLength, 2);
  });

  it.each([
    'openhands/evaluation/benchmarks/multi_swe_bench/examples/output.jsonl',
    'openhands/tests/unit/resolver/mock_output/output.jsonl',
  ])('corpus %s (first record longer than the 64 KB head) streams too', async (path) => {
    const bytes = new Uint8Array(readFileSync(`${CORPUS}/${path}`));
    const streamed = await importSource(linesOnly(sourceFromBytes('output.jsonl', bytes)));
    const whole = await importSource(sourceFromBytes('output.jsonl', bytes));
    expect(streamed.format).toBe('openhands');
    expect(streamed.transcripts.length).toBeGreaterThan(0);
    expect(streamed).toEqual(whole);
  });

  it('a 50 MB Loopscope JSONL Blob imports with monotonic progress reaching the total', async () => {
    const text = loopscopeText(100_000);
    const blob = new Blob([text]);
    expect(blob.size).toBeGreaterThan(50_000_000);
    const { seen, ctx } = recorder();
    const r = await importSource(linesOnly(sourceFromBlob('big.loop.jsonl', blob, ctx)), ctx);
    expect(r.transcripts).toHaveLength(1);
    expect(r.transcripts[0].turns).toHaveLength(100_000);
    expect(r.transcripts[0].turns[99_999].calls[0]).toMatchObject({
      index: 100_000,
      name: 'read_file',
      args: { path: `src/f${99_999 % 97}.ts` },
    });
    expectGoodProgress(seen, blob.size, 20);
  }, 60_000);

  it('an aborted import rejects with AbortError and stops reading soon after', async () => {
    const text = loopscopeText(100_000);
    const bytes = new TextEncoder().encode(text);
    const controller = new AbortController();
    const seen: number[] = [];
    let abortedAt = -1;
    const ctx: ImportContext = {
      signal: controller.signal,
      onProgress: (read, total) => {
        seen.push(read);
        if (abortedAt < 0 && read > total / 4) {
          abortedAt = read;
          controller.abort();
        }
      },
    };
    const err = await importSource(sourceFromBytes('big.loop.jsonl', bytes, ctx), ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe('AbortError');
    // Nothing after the chunk in which the abort happened.
    expect(Math.max(...seen)).toBe(abortedAt);
  });

  it.each([
    ['claude-code', 'session.jsonl', claudeCodeText(3000)],
    ['openai-chat', 'requests.jsonl', openaiChatText(3000)],
    ['openhands', 'output.jsonl', openhandsText(3000)],
  ])('%s: an abort mid-way rejects with AbortError', async (_format, name, text) => {
    const controller = new AbortController();
    const ctx: ImportContext = {
      signal: controller.signal,
      onProgress: (read, total) => {
        if (read > total / 3) controller.abort();
      },
    };
    await expect(importSource(sourceFromText(name, text, ctx), ctx)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('openJsonDocs: one document or JSON Lines, decided without reading the whole file', () => {
  const big = 'x'.repeat(70_000);

  it('a pretty-printed document larger than the head is one document', async () => {
    const text = JSON.stringify({ messages: [{ role: 'user', content: big }] }, null, 2);
    const r = await readJsonDocs(sourceFromText('doc.json', text), []);
    expect(r.kind).toBe('json');
    expect(r.docs).toHaveLength(1);
    expect(r.docs[0].line).toBeUndefined();
  });

  it('a single long line is one document', async () => {
    const r = await readJsonDocs(sourceFromText('doc.json', JSON.stringify({ a: big }) + '\n'), []);
    expect(r).toEqual({ kind: 'json', docs: [{ value: { a: big } }] });
  });

  it('JSON Lines whose first record is longer than the head stream, never text()', async () => {
    const text = [JSON.stringify({ a: big }), JSON.stringify({ b: 2 }), '', JSON.stringify({ c: 3 })].join('\n');
    const { kind, docs } = await openJsonDocs(linesOnly(sourceFromText('log.jsonl', text)), []);
    expect(kind).toBe('jsonl');
    const got = [];
    for await (const d of docs) got.push(d.line);
    expect(got).toEqual([1, 2, 4]);
  });

  it('a broken short first record of a large JSON Lines file is a warning, never a whole-file read', async () => {
    const text = ['{oops', JSON.stringify({ a: big }), JSON.stringify({ b: 2 })].join('\n');
    const warnings: { line?: number; reason: string }[] = [];
    const r = await readJsonDocs(linesOnly(sourceFromText('log.jsonl', text)), warnings as never);
    expect(r.kind).toBe('jsonl');
    expect(r.docs.map((d) => d.line)).toEqual([2, 3]);
    expect(warnings.map((w) => w.line)).toEqual([1]);
  });

  it('a broken long first record is a warning with its line; the rest is read', async () => {
    const text = ['{"a": "' + big, JSON.stringify({ b: 2 }), JSON.stringify({ c: 3 })].join('\n');
    const warnings: { line?: number; reason: string }[] = [];
    const r = await readJsonDocs(linesOnly(sourceFromText('log.jsonl', text)), warnings as never);
    expect(r.kind).toBe('jsonl');
    expect(r.docs.map((d) => d.line)).toEqual([2, 3]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].line).toBe(1);
    expect(warnings[0].reason).toMatch(/^not valid JSON \(/);
  });
});
