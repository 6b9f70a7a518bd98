import type { Label, Transcript } from '../model/transcript';
import { db, type LoopscopeDb } from './db';

/** The user's labels for a transcript; until they edit any, the labels the file came with. */
export async function loadLabels(id: number, t: Transcript, database: LoopscopeDb = db): Promise<Label[]> {
  return (await database.labels.get(id))?.labels ?? t.labels;
}

export async function saveLabels(id: number, labels: Label[], database: LoopscopeDb = db): Promise<void> {
  const sorted = [...labels].sort((a, b) => a.startTurn - b.startTurn || a.endTurn - b.endTurn);
  await database.labels.put({ transcriptId: id, labels: sorted });
}

/** Marks turns [start, end] as `kind`, replacing whatever labels overlapped that range there. */
export function applyLabel(
  labels: Label[],
  start: number,
  end: number,
  kind: Label['kind'] | null,
  note?: string,
): Label[] {
  const [lo, hi] = start <= end ? [start, end] : [end, start];
  const out: Label[] = [];
  for (const l of labels) {
    if (l.endTurn < lo || l.startTurn > hi) out.push(l);
    else {
      if (l.startTurn < lo) out.push({ ...l, endTurn: lo - 1 });
      if (l.endTurn > hi) out.push({ ...l, startTurn: hi + 1 });
    }
  }
  if (kind) out.push(note ? { startTurn: lo, endTurn: hi, kind, note } : { startTurn: lo, endTurn: hi, kind });
  return out.sort((a, b) => a.startTurn - b.startTurn);
}
