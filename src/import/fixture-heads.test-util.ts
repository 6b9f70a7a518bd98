/**
 * The first 64 KB of every fixture and corpus file, for sniff tests: an importer must claim its
 * own fixtures and must not claim anybody else's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const FIXTURES = resolve(__dirname, 'fixtures');
const CORPUS = resolve(__dirname, '../../corpus/real');
const SKIP = /(^|\/)(LICENSE|README\.md|PROVENANCE\.tsv)$/;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

export interface Head {
  /** `fixtures/<format>/<file>` or `corpus/<path>`. */
  label: string;
  name: string;
  head: string;
}

function headOf(path: string): string {
  return new TextDecoder().decode(readFileSync(path).subarray(0, 64 * 1024));
}

export function fixtureHeads(format: string): Head[] {
  return walk(join(FIXTURES, format)).map((p) => ({
    label: `fixtures/${relative(FIXTURES, p)}`,
    name: p.split('/').pop()!,
    head: headOf(p),
  }));
}

/** Every other importer's fixtures and every corpus file. */
export function foreignHeads(format: string): Head[] {
  const own = join(FIXTURES, format) + '/';
  const fixtures = walk(FIXTURES).filter((p) => !p.startsWith(own));
  const corpus = walk(CORPUS).filter((p) => !SKIP.test(p));
  return [
    ...fixtures.map((p) => ({
      label: `fixtures/${relative(FIXTURES, p)}`,
      name: p.split('/').pop()!,
      head: headOf(p),
    })),
    ...corpus.map((p) => ({ label: `corpus/${relative(CORPUS, p)}`, name: p.split('/').pop()!, head: headOf(p) })),
  ];
}

export function readFixture(format: string, file: string): string {
  return readFileSync(join(FIXTURES, format, file), 'utf8');
}
