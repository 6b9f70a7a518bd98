/**
 * Label-file rows matched to the transcripts of one file: which transcript each run names (its
 * 1-based index or exact title) and what its rows say (loop spans, or reviewed clean), checked
 * against its turns. Shared by the corpus loader and `loopscope eval --labels`, so both read a
 * label file the same way and refuse the same mistakes.
 */
import type { Label, Transcript } from '../model/transcript';
import { LabelsError, type LabelRow } from './labels-tsv';

/** The rows naming one run, in file order. */
export function groupRunRows(rows: readonly LabelRow[]): LabelRow[][] {
  const byRun = new Map<string, LabelRow[]>();
  for (const r of rows) {
    const key = `${r.source}\u0000${r.transcript}`;
    const group = byRun.get(key);
    if (group) group.push(r);
    else byRun.set(key, [r]);
  }
  return [...byRun.values()];
}

/** Index of the transcript a row names: `1`, `2`, … or its exact title (which must be unique). */
export function pickTranscript(all: readonly Transcript[], key: string, where: string): number {
  if (/^\d+$/.test(key)) {
    const i = Number(key) - 1;
    if (!all[i]) throw new LabelsError(`${where}: transcript ${key} does not exist (the file holds ${all.length})`);
    return i;
  }
  const hits = all.flatMap((t, i) => (t.title === key ? [i] : []));
  if (hits.length !== 1)
    throw new LabelsError(
      `${where}: ${hits.length === 0 ? 'no' : hits.length} transcript${hits.length === 1 ? '' : 's'} titled "${key}" in the file`,
    );
  return hits[0];
}

export interface RunFromRows {
  /** Index of the transcript in its file. */
  index: number;
  /** The loop spans; none for a run reviewed clean. */
  loops: Label[];
}

/**
 * What one run's rows say, checked: a run is either clean (one row) or has loop spans, each inside
 * its turns. A LabelsError names the label file line: that is how an importer change that
 * renumbers turns is caught.
 */
export function runFromRows(
  runRows: readonly LabelRow[],
  all: readonly Transcript[],
  where: (r: LabelRow) => string,
): RunFromRows {
  const { source, transcript } = runRows[0];
  const index = pickTranscript(all, transcript, where(runRows[0]));
  const t = all[index];
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
  // A turn belongs to one span at most: overlapping spans would count one loop twice.
  const byStart = [...loops].sort((a, b) => a.startTurn! - b.startTurn! || a.endTurn! - b.endTurn!);
  for (let i = 1; i < byStart.length; i++) {
    const [before, r] = [byStart[i - 1], byStart[i]];
    if (r.startTurn! <= before.endTurn!)
      throw new LabelsError(
        `${where(r)}: span ${r.startTurn}-${r.endTurn} of ${source} #${transcript} overlaps span ${before.startTurn}-${before.endTurn} (${where(before)})`,
      );
  }
  return {
    index,
    loops: loops.map((r) => ({ startTurn: r.startTurn!, endTurn: r.endTurn!, kind: 'loop', note: r.note })),
  };
}
