/** The real corpus converted to Loopscope JSONL, one file per transcript, for the export tests. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../cli/run-cli.test-util';

const REAL_DIR = resolve(__dirname, '../../corpus/real');

/** Every transcript file of corpus/real (six formats), by path. */
export const REAL_FILES = readdirSync(REAL_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(REAL_DIR, d.name))
      .filter((f) => !/LICENSE|NOTICE|README|\.md$|\.tsv$/.test(f))
      .map((f) => join(REAL_DIR, d.name, f)),
  );

/** `loopscope convert` of each file, split at its `meta` lines: one transcript per file. */
export async function convertedRealRuns(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-real-'));
  const files: string[] = [];
  for (const [i, f] of REAL_FILES.entries()) {
    const { code, out } = await cli('convert', f);
    expect(code).toBe(0);
    out.split(/\n(?=\{"type":"meta")/).forEach((p, j) => {
      const name = join(dir, `${i}-${j}.loop.jsonl`);
      writeFileSync(name, p.endsWith('\n') ? p : p + '\n');
      files.push(name);
    });
  }
  return files;
}
