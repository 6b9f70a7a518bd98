/**
 * The labelled corpus: label rows plus the runs they name, imported through the ordinary
 * importers (so turn numbers are the ones Loopscope shows), grouped by source framework. Pure:
 * the caller says how to open a file, so tests and scripts share it.
 */
import { importSource } from '../import/index';
import type { ImportSource } from '../import/types';
import type { Transcript } from '../model/transcript';
import { LabelsError, type LabelRow } from './labels-tsv';
import { groupRunRows, runFromRows } from './run-rows';
import { reviewedCleanLabel } from '../engine/labelled';

export interface CorpusRun {
  /** Repository path of the file. */
  source: string;
  /** The labels' transcript column (index or title). */
  transcript: string;
  /** Framework: the folder under corpus/real or corpus/authored. */
  framework: string;
  origin: 'real' | 'authored';
  /**
   * The imported transcript with its labels replaced by the corpus rows': its loop spans, or for a
   * clean row one progress span over the whole run (reviewed, no loop), as eval --labels reads them.
   */
  run: Transcript;
}

/** `corpus/real/<framework>/…` or `corpus/authored/<framework>/…`. */
export function frameworkOf(source: string): { framework: string; origin: 'real' | 'authored' } {
  const m = /^corpus\/(real|authored)\/([^/]+)\//.exec(source);
  if (!m) throw new LabelsError(`${source}: a corpus run must live under corpus/real/<framework>/ or corpus/authored/<framework>/`);
  return { origin: m[1] as 'real' | 'authored', framework: m[2] };
}

/**
 * Imports every file the rows name and attaches the rows as labels. Throws a LabelsError naming
 * the labels file line when a row does not fit its transcript (a span outside its turns, a run
 * both clean and looping): that is how an importer change that renumbers turns is caught.
 */
export async function loadCorpus(
  rows: LabelRow[],
  open: (source: string) => Promise<ImportSource>,
  labelsFile = 'labels',
): Promise<CorpusRun[]> {
  const files = new Map<string, Transcript[]>();
  const out: CorpusRun[] = [];
  for (const runRows of groupRunRows(rows)) {
    const { source, transcript } = runRows[0];
    if (!files.has(source)) files.set(source, (await importSource(await open(source))).transcripts);
    const all = files.get(source)!;
    const { index, loops } = runFromRows(runRows, all, (r) => `${labelsFile}:${r.line ?? '?'}`);
    const t = all[index];
    const labels = loops.length ? loops : [reviewedCleanLabel(t.turns.length, runRows[0].note)];
    out.push({ source, transcript, ...frameworkOf(source), run: { ...t, labels } });
  }
  return out;
}

/** Runs grouped by framework, frameworks in name order. */
export function groupByFramework(runs: CorpusRun[]): Map<string, CorpusRun[]> {
  const groups = new Map<string, CorpusRun[]>();
  for (const r of [...runs].sort((a, b) => a.framework.localeCompare(b.framework)))
    groups.set(r.framework, [...(groups.get(r.framework) ?? []), r]);
  return groups;
}
