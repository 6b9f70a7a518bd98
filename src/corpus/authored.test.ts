/** The committed authored runs are exactly what scripts/make-corpus.ts writes (no hand edits, no drift). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAuthored } from '../../scripts/corpus/render';

const ROOT = resolve(__dirname, '../..');

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [relative(ROOT, join(dir, e.name))],
  );
}

describe('corpus/authored', () => {
  it('matches the generator byte for byte, file for file', () => {
    const files = renderAuthored();
    expect(listFiles(join(ROOT, 'corpus/authored')).sort()).toEqual([...files.keys()].sort());
    for (const [rel, text] of files) expect(readFileSync(join(ROOT, rel), 'utf8'), rel).toBe(text);
  });
});
