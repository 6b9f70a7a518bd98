/**
 * The labelled corpus: label rows plus the runs they name, imported through the ordinary
 * importers (so turn numbers are the ones Loopscope shows), grouped by source framework. Pure:
 * the caller says how to open a file, so tests and scripts share it.
 */
import { importSource } from '../import/index';
import type { ImportSource } from '../import/types';
import type { Transcript } from '../model/transcript';
import { LabelsError, type LabelRow } from './labels-tsv';

export interface CorpusRun {
  /** Repository path of the file. */
  source: string;
  /** The labels' transcript column (index or title). */
  transcript: string;
  /** Framework: the folder under corpus/real or corpus/authored. */
  framework: string;
  origin: 'real' | 'authored';
  /** The imported transcript with its labels replaced by the corpus spans. */
  run: Transcript;
}

/** `corpus/real/<framework>/…` or `corpus/authored/<framework>/…`. */
export function frameworkOf(source: string): { framework: string; origin: 'real' | 'authored' } {
  const m = /^corpus\/(real|authored)\/([^/]+)\//.exec(source);
  if (!m) throw new LabelsError(`${source}: a corpus run must live under corpus/real/<framework>/ or corpus/authored/<framework>/`);
  return { origin: m[1] as 'real' | 'authored', framework: m[2] };
}

function pick(all: Transcript[], key: string, where: string): Transcript {
  if (/^\d+$/.test(key)) {
    const t = all[Number(key) - 1];
    if (!t) throw new LabelsError(`${where}: transcript ${key} does not exist (the file holds ${all.length})`);
    return t;
  }
  const hits = all.filter((t) => t.title === key);
  if (hits.length !== 1)
    throw new LabelsError(`${where}: ${hits.length === 0 ? 'no' : hits.length} transcript${hits.length === 1 ? '' : 's'} titled "${key}" in the file`);
  return hits[0];
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
  const byRun = new Map<string, LabelRow[]>();
  for (const r of rows) {
    const key = `${r.source}\u0000${r.transcript}`;
    byRun.set(key, [...(byRun.get(key) ?? []), r]);
  }
  const files = new Map<string, Transcript[]>();
  const out: CorpusRun[] = [];
  for (const [, runRows] of byRun) {
    const { source, transcript } = runRows[0];
    const where = (r: LabelRow) => `${labelsFile}:${r.line ?? '?'}`;
    if (!files.has(source)) files.set(source, (await importSource(await open(source))).transcripts);
    const t = pick(files.get(source)!, transcript, where(runRows[0]));
    const loops = runRows.filter((r) => r.kind === 'loop');
    if (loops.length && loops.length !== runRows.length)
      throw new LabelsError(`${where(runRows[0])}: ${source} #${transcript} is listed both as clean and with loop spans`);
    if (!loops.length && runRows.length > 1)
      throw new LabelsError(`${where(runRows[1])}: ${source} #${transcript} is listed as clean twice`);
    for (const r of loops)
      if (r.endTurn! > t.turns.length)
        throw new LabelsError(
          `${where(r)}: span ${r.startTurn}-${r.endTurn} of ${source} #${transcript} ends after its last turn (${t.turns.length})`,
        );
    const run: Transcript = {
      ...t,
      labels: loops.map((r) => ({ startTurn: r.startTurn!, endTurn: r.endTurn!, kind: 'loop', note: r.note })),
    };
    out.push({ source, transcript, ...frameworkOf(source), run });
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
