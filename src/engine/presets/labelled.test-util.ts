/**
 * The labelled transcripts presets are measured on: the bundled samples (src/samples) and the
 * fixtures written by scripts/make-fixtures.ts (src/engine/presets/fixtures). Test and script
 * helper (reads files with node:fs), not part of the engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLoopscopeJsonl } from '../../import/loopscope-jsonl';
import { sourceFromText } from '../../import/source';
import type { Transcript } from '../../model/transcript';
import { resolveConfig, type EngineConfig } from '../config';
import { emptyMetrics, evaluate, mergeMetrics, summarize, type MetricsSummary } from '../evaluate';
import { replay } from '../replay';

const here = dirname(fileURLToPath(import.meta.url));
export const LABELLED_DIRS = [join(here, '../../samples'), join(here, 'fixtures')];

export interface Labelled {
  file: string;
  transcript: Transcript;
  /** No loop label: every alarm is a false positive, every stop premature. */
  legit: boolean;
}

export async function loadLabelled(): Promise<Labelled[]> {
  const out: Labelled[] = [];
  for (const dir of LABELLED_DIRS)
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.loop.jsonl'))
      .sort()) {
      const r = await parseLoopscopeJsonl(sourceFromText(file, readFileSync(join(dir, file), 'utf8')));
      for (const t of r.transcripts) out.push({ file, transcript: t, legit: !t.labels.some((l) => l.kind === 'loop') });
    }
  return out;
}

/** Metrics of one config over the set, summed over transcripts (docs/design.md, section 5). */
export function score(config: EngineConfig, set: Labelled[]): MetricsSummary {
  const resolved = resolveConfig(config);
  let m = emptyMetrics();
  for (const { transcript } of set)
    m = mergeMetrics(m, evaluate(replay(transcript, resolved), transcript, { countAction: resolved.countAction }));
  return summarize(m);
}
