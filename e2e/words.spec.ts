/**
 * Words a reader cannot look up: the built app and the docs name rules and systems, never an
 * issue number, a design "seed" number or a design document the repository does not have.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const UNEXPLAINED = [/\bseed 0\d\d\b/i, /\bissues? #?\d+\b/i, /DESIGN\.md/];

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Each match with its file and some context, so a failure says where. */
function hits(files: string[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const re of UNEXPLAINED) {
      const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
      for (const m of text.matchAll(g)) out.push(`${f}: …${text.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
    }
  }
  return out;
}

test('the built app says no "seed 00N", "issue N" or "DESIGN.md"', () => {
  const built = filesUnder('dist/app', /\.(js|html|css)$/);
  expect(built.length).toBeGreaterThan(3);
  expect(hits(built)).toEqual([]);
});

test('the docs and the README cite no DESIGN.md or issue number', () => {
  const docs = [...filesUnder('docs', /\.md$/), 'README.md'];
  expect(docs.length).toBeGreaterThan(10);
  expect(hits(docs)).toEqual([]);
});
