/**
 * Reads the corpus from a checkout: both label files and the runs they name. Node only
 * (node:fs), for the scoring script and the tests; the loading logic itself is in load.ts.
 */
import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sourceFromBlob } from '../import/source';
import { LabelsError, parseLabelsTsv } from './labels-tsv';
import { loadCorpus, type CorpusRun } from './load';

/** Hand-written labels of the real runs, then the generated labels of the authored ones. */
export const LABEL_FILES = ['corpus/labels.tsv', 'corpus/authored/labels.tsv'];

export async function readCorpus(root: string): Promise<CorpusRun[]> {
  const out: CorpusRun[] = [];
  for (const file of LABEL_FILES) {
    const rows = parseLabelsTsv(await readFile(join(root, file), 'utf8'), file);
    out.push(
      ...(await loadCorpus(
        rows,
        async (source) => {
          const blob = await openAsBlob(join(root, source)).catch(() => {
            throw new LabelsError(`${file}: ${source}: no such file`);
          });
          return sourceFromBlob(source, blob);
        },
        file,
      )),
    );
  }
  return out;
}
