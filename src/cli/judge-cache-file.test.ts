import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStore } from './judge-cache-file';

const dir = mkdtempSync(join(tmpdir(), 'loopscope-judge-cache-'));
const K = 'http://h/v1|m|seed000-v1#';

function store(name: string, content: string | null, opts: { maxEntryChars?: number; maxFileBytes?: number } = {}) {
  const path = join(dir, name);
  if (content !== null) writeFileSync(path, content);
  const warnings: string[] = [];
  return { path, warnings, open: () => fileStore(path, { warn: (m) => warnings.push(m), ...opts }) };
}

describe('the CLI judge cache file', () => {
  it('a cache entry that cannot be read is dropped with a warning; the good ones load and the file is rewritten without it', async () => {
    const c = store(
      'entries.json',
      JSON.stringify({
        version: 1,
        answers: {
          [`${K}aa`]: { answer: { confidence: 0.4, analysis: 'fine' } },
          [`${K}bb`]: { answer: { confidence: 'high' } },
          [`${K}cc`]: { answer: { confidence: 0.5, analysis: 'x'.repeat(200) } },
          [`${K}dd`]: { failed: 'malformed answer' },
        },
      }),
      { maxEntryChars: 100 },
    );
    const s = await c.open();
    expect(c.warnings).toEqual([
      `${c.path}: 2 cached entries could not be read and were dropped (${K}bb: its confidence is not a number in 0..1)`,
    ]);
    expect([...(await s.load([K])).keys()]).toEqual([`${K}aa`, `${K}dd`]);
    await s.put(`${K}ee`, { answer: { confidence: 1 } });
    expect(Object.keys(JSON.parse(readFileSync(c.path, 'utf8')).answers)).toEqual([`${K}aa`, `${K}dd`, `${K}ee`]);
  });

  it('a cache file that is not a cache is moved aside with a warning instead of failing every run', async () => {
    const c = store('torn.json', '{"version":1,"answers":{"a');
    const s = await c.open();
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0]).toMatch(
      new RegExp(
        `^${c.path}: unreadable judge cache \\(.+\\); moved to ${c.path}\\.unreadable, starting an empty cache$`,
      ),
    );
    expect(readFileSync(`${c.path}.unreadable`, 'utf8')).toBe('{"version":1,"answers":{"a');
    expect((await s.load([K])).size).toBe(0);
    await s.put(`${K}aa`, { answer: { confidence: 0.3 } });
    expect(JSON.parse(readFileSync(c.path, 'utf8'))).toEqual({
      version: 1,
      answers: { [`${K}aa`]: { answer: { confidence: 0.3 } } },
    });
  });

  it('a cache file over its size limit is not read (a 524 MB file crashed every run): moved aside with a warning', async () => {
    const c = store(
      'big.json',
      JSON.stringify({ version: 1, answers: { [`${K}aa`]: { answer: { confidence: 0.1 } } } }),
      {
        maxFileBytes: 20,
      },
    );
    await c.open();
    expect(c.warnings).toEqual([
      `${c.path}: unreadable judge cache (85 bytes, over the 20 bytes cache file limit); moved to ${c.path}.unreadable, starting an empty cache`,
    ]);
    expect(existsSync(c.path)).toBe(false);
  });

  it('nothing over the limit is cached: an answer longer than the response limit, or one that would overfill the file', async () => {
    const c = store('limits.json', null, { maxEntryChars: 10, maxFileBytes: 120 });
    const s = await c.open();
    await s.put(`${K}aa`, { answer: { confidence: 0.5, analysis: 'x'.repeat(11) } });
    expect(existsSync(c.path)).toBe(false);
    await s.put(`${K}bb`, { answer: { confidence: 0.5, analysis: 'short' } });
    await s.put(`${K}cc`, { answer: { confidence: 0.6, analysis: 'short' } });
    expect(Object.keys(JSON.parse(readFileSync(c.path, 'utf8')).answers)).toEqual([`${K}bb`]);
    expect(c.warnings).toEqual([`${c.path}: the cache file is full (120 bytes); new answers are not cached`]);
    expect([...(await s.load([K])).keys()]).toEqual([`${K}bb`]);
  });
});
