/**
 * `eval --labels FILE.tsv`: labels in the corpus format (docs/corpus.md) for transcripts that carry
 * none. A row's `source` is the file's path from where loopscope runs, as the corpus's own label
 * files name theirs from the repository root. A `clean` row marks the run reviewed: it gets a
 * progress label over all its turns, so it counts as labelled like a run labelled in the workbench.
 */
import { resolve } from 'node:path';
import { isLabelled, reviewedCleanLabel } from '../engine/labelled';
import { LabelsError, parseLabelsTsv, type LabelRow } from '../corpus/labels-tsv';
import { groupRunRows, runFromRows } from '../corpus/run-rows';
import { LABEL_FILE_BYTES } from '../model/limits';
import { UsageError, type LoadedFile, type Out } from './io';
import { readLimitedText } from './read-limited';

export interface LabelFiles {
  /** The file with label-file labels on its transcripts that carry none. */
  apply(loaded: LoadedFile, err: Out): LoadedFile;
  /** Said once all files are read: a label file none of whose runs was among them. */
  reportUnused(err: Out): void;
}

/** A label file's problem is the user's input: a one-line usage message, not a stack trace. */
function asUsageError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof LabelsError) throw new UsageError(e.message);
    throw e;
  }
}

/** Reads and checks every label file; rows are looked up by the absolute path of their source. */
export async function readLabelFiles(paths: readonly string[]): Promise<LabelFiles> {
  const bySource = new Map<string, LabelRow[]>();
  const fileOf = new Map<LabelRow, string>();
  for (const path of paths) {
    const text = await readLimitedText(path, LABEL_FILE_BYTES, 'a label file');
    const rows = asUsageError(() => parseLabelsTsv(text, path));
    for (const r of rows) {
      fileOf.set(r, path);
      const key = resolve(r.source);
      const group = bySource.get(key);
      if (group) group.push(r);
      else bySource.set(key, [r]);
    }
  }
  const where = (r: LabelRow) => `${fileOf.get(r)}:${r.line ?? '?'}`;
  const used = new Set<string>();
  return {
    apply(loaded, err) {
      const rows = bySource.get(resolve(loaded.file));
      if (!rows) return loaded;
      const transcripts = [...loaded.result.transcripts];
      for (const runRows of groupRunRows(rows)) {
        const run = asUsageError(() => runFromRows(runRows, transcripts, where));
        used.add(fileOf.get(runRows[0])!);
        const t = transcripts[run.index];
        if (isLabelled(t.labels)) {
          err.write(
            `note: ${where(runRows[0])}: ${loaded.file} #${runRows[0].transcript} carries labels of its own; those are used\n`,
          );
          continue;
        }
        const labels = run.loops.length ? run.loops : [reviewedCleanLabel(t.turns.length, runRows[0].note)];
        transcripts[run.index] = { ...t, labels };
      }
      return { ...loaded, result: { ...loaded.result, transcripts } };
    },
    reportUnused(err) {
      for (const path of paths)
        if (!used.has(path))
          err.write(
            `warning: ${path}: no run it labels was among the files read (a row's source is the file's path from the current folder)\n`,
          );
    },
  };
}
