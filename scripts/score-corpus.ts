/**
 * Scores every preset on the labelled corpus (docs/corpus.md) and prints Markdown: per source,
 * in total, and leave-one-source-out. `npm run corpus:score [-- --config FILE ... --json]`:
 * `--config` adds a config file (a preset export) to the presets, `--json` prints an object.
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PRESETS } from '../src/engine/presets/index';
import { configFromArgs } from '../src/cli/config-arg';
import { UsageError } from '../src/cli/io';
import { readCorpus } from '../src/corpus/read-corpus';
import { corpusJson, corpusReport } from '../src/corpus/report';
import { scoreAll } from '../src/corpus/score';
import { LabelsError } from '../src/corpus/labels-tsv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
try {
  const { values } = parseArgs({
    options: { config: { type: 'string', multiple: true }, json: { type: 'boolean' } },
  });
  const extra = await Promise.all(
    (values.config ?? []).map(async (file) => {
      const c = await configFromArgs(undefined, file);
      return { ...c, name: c.name && !PRESETS.some((p) => p.name === c.name) ? c.name : basename(file) };
    }),
  );
  const runs = await readCorpus(root);
  const scores = scoreAll([...PRESETS, ...extra], runs);
  process.stdout.write(
    values.json ? JSON.stringify(corpusJson(scores, runs), null, 2) + '\n' : corpusReport(scores, runs),
  );
} catch (e) {
  if (!(
    e instanceof LabelsError ||
    e instanceof UsageError ||
    (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ))
    throw e;
  process.stderr.write(`corpus:score: ${(e as Error).message}\n`);
  process.exit(2);
}
