/**
 * Runs that share a title (a folder of trajectories of one task, one per model or config) are
 * told apart by their files; the same file name in several folders is told apart by the folder
 * that differs, so the label is the shortest end of the path that no other run of the title has.
 */
import type { TranscriptMeta } from '../../persistence/db';

type Named = Pick<TranscriptMeta, 'id' | 'title' | 'fileName'>;

function segments(path: string): string[] {
  return path.split(/[/\\]/).filter((s) => s !== '');
}

/** The shortest trailing part of each path that tells it from the others (the whole path when none does). */
export function distinctEnds(paths: readonly string[]): string[] {
  const parts = paths.map(segments);
  const longest = Math.max(1, ...parts.map((p) => p.length));
  const ends = paths.map((p) => p);
  const done = paths.map(() => false);
  for (let k = 1; k <= longest; k++) {
    const tails = parts.map((p) => p.slice(-k).join('/'));
    const count = new Map<string, number>();
    for (const t of tails) count.set(t, (count.get(t) ?? 0) + 1);
    tails.forEach((t, i) => {
      if (!done[i] && count.get(t) === 1) {
        done[i] = true;
        ends[i] = t;
      }
    });
  }
  return ends;
}

/** For each run whose title another run has: the label that tells its file apart, by run id. */
export function fileLabels(rows: readonly Named[]): Map<number, string> {
  const byTitle = new Map<string, Named[]>();
  for (const r of rows) {
    const group = byTitle.get(r.title);
    if (group) group.push(r);
    else byTitle.set(r.title, [r]);
  }
  const labels = new Map<number, string>();
  for (const group of byTitle.values()) {
    if (group.length < 2) continue;
    const ends = distinctEnds(group.map((r) => r.fileName));
    group.forEach((r, i) => labels.set(r.id, ends[i]));
  }
  return labels;
}
