/** One import in each state of import-lifecycle.ts, and every event with the variants that matter. */
import type { ImportEvent, ImportState, ImportStateKind } from './import-lifecycle';

export const file = 'run.loop.jsonl';
export const ids = [1, 2] as const;

/** One import in each state. */
export const STATE: { [K in ImportStateKind]: Extract<ImportState, { kind: K }> } = {
  reading: { kind: 'reading', file },
  parsed: { kind: 'parsed', file },
  rowsWritten: { kind: 'rowsWritten', file, ids },
  opened: { kind: 'opened', file, ids },
  storing: { kind: 'storing', file, ids },
  stored: { kind: 'stored', file, ids },
  failed: { kind: 'failed', file, reason: 'could not be stored (the disk is full)' },
  cancelled: { kind: 'cancelled', file, by: 'user' },
  interrupted: { kind: 'interrupted', file, ids: [1] },
};

/** Every event, with the variants that matter (a run of this import or not, all its runs or some). */
export const EVENT = {
  parsed: { type: 'parsed' },
  rowsHeld: { type: 'rowsAdded', ids, hold: true },
  rowsNotHeld: { type: 'rowsAdded', ids, hold: false },
  noRows: { type: 'rowsAdded', ids: [], hold: true },
  duplicateSkipped: { type: 'duplicateSkipped' },
  pageOpened: { type: 'pageOpened', id: 2 },
  otherOpened: { type: 'pageOpened', id: 9 },
  firstReplay: { type: 'firstReplay', id: 1 },
  otherReplay: { type: 'firstReplay', id: 9 },
  idleLimit: { type: 'idleLimit' },
  openLimit: { type: 'openLimit' },
  released: { type: 'released' },
  turnsWritten: { type: 'turnsWritten' },
  oneDeleted: { type: 'runsDeleted', ids: [1] },
  allDeleted: { type: 'runsDeleted', ids: [2, 1] },
  otherDeleted: { type: 'runsDeleted', ids: [9] },
  failed: { type: 'failed', reason: 'could not be stored (the disk is full)' },
  cancel: { type: 'cancel' },
  writerGone: { type: 'writerGone' },
} as const satisfies Record<string, ImportEvent>;
export type EventName = keyof typeof EVENT;
