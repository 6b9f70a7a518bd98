/**
 * Scores every preset on the labelled corpus (docs/corpus.md) and prints Markdown: per source,
 * in total, and leave-one-source-out. `npm run corpus:score`
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRESETS } from '../src/engine/presets/index';
import { readCorpus } from '../src/corpus/read-corpus';
import { corpusReport } from '../src/corpus/report';
import { scoreAll } from '../src/corpus/score';
import { LabelsError } from '../src/corpus/labels-tsv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
try {
  const runs = await readCorpus(root);
  process.stdout.write(corpusReport(scoreAll(PRESETS, runs), runs));
} catch (e) {
  if (!(e instanceof LabelsError)) throw e;
  process.stderr.write(`corpus:score: ${e.message}\n`);
  process.exit(2);
}
