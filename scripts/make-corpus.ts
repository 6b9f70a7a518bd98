/**
 * Writes the authored part of the labelled corpus (docs/corpus.md): corpus/authored/<framework>/
 * one file per run, and corpus/authored/labels.tsv with its spans. Deterministic: running it
 * twice gives the same bytes. `npm run corpus:make`
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAuthored } from './corpus/render';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = renderAuthored();
rmSync(join(root, 'corpus/authored'), { recursive: true, force: true });
for (const [rel, text] of files) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}
console.log(`${files.size - 1} authored runs written to corpus/authored`);
