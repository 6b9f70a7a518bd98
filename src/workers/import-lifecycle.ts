/**
 * One import of one file, as the engine worker moves it from the dropped bytes to stored turns:
 * every state it can be in and the one function that says where an event takes it. Pure (no
 * timers, no Dexie): the worker's ImportWaits (import-waits.ts) holds each import's state and
 * owns the timers that send these events; the locks are src/persistence/store-lock.ts's.
 * docs/architecture.md draws this machine (a test keeps the drawing and this type in step).
 *
 * An event that does not apply in a state returns that same state object, not an error: the
 * events come from timers, the page and the writer at once, and a late one (the idle limit firing
 * after the first replay, a replay of a run already storing) is normal and must change nothing.
 * `applies` tells the two apart.
 */

/** Why an import was cancelled: the user pressed Cancel, skipped a duplicate, or deleted its runs. */
export type CancelledBy = 'user' | 'duplicate' | 'deleted';

export type ImportState =
  /** The file is being read and parsed (Cancel ends the worker here). */
  | { kind: 'reading'; file: string }
  /** Parsed: the duplicate check and the library rows come next. */
  | { kind: 'parsed'; file: string }
  /** The library rows are stored (marked storing); the turn writes are held for the first replay. */
  | { kind: 'rowsWritten'; file: string; ids: readonly number[] }
  /** The page opened one of its runs: the writes wait for its first replay, up to the open limit. */
  | { kind: 'opened'; file: string; ids: readonly number[] }
  /** The turns are being written, a chunk a transaction. */
  | { kind: 'storing'; file: string; ids: readonly number[] }
  /** Every turn stored, the mark cleared: `ids` are the runs kept (a run deleted meanwhile is not). */
  | { kind: 'stored'; file: string; ids: readonly number[] }
  /** Nothing of it is kept; `reason` is what the user is told. */
  | { kind: 'failed'; file: string; reason: string }
  /** Nothing of it is kept, on purpose. */
  | { kind: 'cancelled'; file: string; by: CancelledBy }
  /** Found unfinished with no live writer (its tab was closed): its rows are deleted, the page told. */
  | { kind: 'interrupted'; file: string; ids: readonly number[] };

export type ImportStateKind = ImportState['kind'];

export type ImportEvent =
  /** The parse finished. */
  | { type: 'parsed' }
  /** The rows are stored; `hold`: the page will open it, so the writes wait for its first replay. */
  | { type: 'rowsAdded'; ids: readonly number[]; hold: boolean }
  /** The file was already in the library and the user chose to skip it. */
  | { type: 'duplicateSkipped' }
  /** The page opened run `id` (or the import warms it up for the page). */
  | { type: 'pageOpened'; id: number }
  /** The page has its first replay of run `id`. */
  | { type: 'firstReplay'; id: number }
  /** Not opened within the idle limit: the page is elsewhere, write now. */
  | { type: 'idleLimit' }
  /** Opened, but no replay within the open limit: write now. */
  | { type: 'openLimit' }
  /** Write now: the worker is retired, or a reader needs the turns stored. */
  | { type: 'released' }
  /** Every turn written and the mark cleared. */
  | { type: 'turnsWritten' }
  /** The user deleted these runs (the writes stop at them). */
  | { type: 'runsDeleted'; ids: readonly number[] }
  /** Reading, checking or storing failed; what was stored is deleted. */
  | { type: 'failed'; reason: string }
  /**
   * The user cancelled it. The page's Cancel terminates the worker while it reads or asks, so no
   * worker code sends this: it is the move the page's job status makes (run-import.ts).
   */
  | { type: 'cancel' }
  /** Its rows are marked but no one holds its storing lock any more (found on a reload). */
  | { type: 'writerGone' };

export type ImportEventType = ImportEvent['type'];

/** Every state, in the order an import goes through them; typed so that one missing fails to compile. */
const STATE_KINDS: Record<ImportStateKind, true> = {
  reading: true,
  parsed: true,
  rowsWritten: true,
  opened: true,
  storing: true,
  stored: true,
  failed: true,
  cancelled: true,
  interrupted: true,
};
export const IMPORT_STATES = Object.keys(STATE_KINDS) as readonly ImportStateKind[];

/** Every event (the docs' diagram is checked against both lists). */
const EVENT_TYPES: Record<ImportEventType, true> = {
  parsed: true,
  rowsAdded: true,
  duplicateSkipped: true,
  pageOpened: true,
  firstReplay: true,
  idleLimit: true,
  openLimit: true,
  released: true,
  turnsWritten: true,
  runsDeleted: true,
  failed: true,
  cancel: true,
  writerGone: true,
};
export const IMPORT_EVENTS = Object.keys(EVENT_TYPES) as readonly ImportEventType[];

/** The states with library rows marked as storing. */
type MarkedState = Extract<ImportState, { kind: 'rowsWritten' | 'opened' | 'storing' }>;

/** States in which the import's rows are in the library, marked as storing. */
function rowsMarked(s: ImportState): s is MarkedState {
  return s.kind === 'rowsWritten' || s.kind === 'opened' || s.kind === 'storing';
}

/** Whether the import is over (no event changes it any more). */
export function isSettled(s: ImportState): boolean {
  return s.kind === 'stored' || s.kind === 'failed' || s.kind === 'cancelled' || s.kind === 'interrupted';
}

/** Whether the turn writes are held (waiting for the first replay). */
export function writesHeld(s: ImportState): s is Extract<ImportState, { kind: 'rowsWritten' | 'opened' }> {
  return s.kind === 'rowsWritten' || s.kind === 'opened';
}

/** The state of a library row found marked as storing by someone other than its writer (the start-up sweep). */
export function markedRow(file: string, id: number): ImportState {
  return { kind: 'storing', file, ids: [id] };
}

/** Where `event` takes an import in state `s`; `s` itself when the event does not apply there. */
export function nextImportState(s: ImportState, event: ImportEvent): ImportState {
  const { file } = s;
  switch (event.type) {
    case 'parsed':
      return s.kind === 'reading' ? { kind: 'parsed', file } : s;
    case 'rowsAdded':
      if (s.kind !== 'parsed') return s;
      // A file of no transcripts has nothing to write.
      if (event.ids.length === 0) return { kind: 'stored', file, ids: [] };
      return { kind: event.hold ? 'rowsWritten' : 'storing', file, ids: event.ids };
    case 'duplicateSkipped':
      return s.kind === 'parsed' ? { kind: 'cancelled', file, by: 'duplicate' } : s;
    case 'pageOpened':
      return s.kind === 'rowsWritten' && s.ids.includes(event.id) ? { kind: 'opened', file, ids: s.ids } : s;
    case 'firstReplay':
      return writesHeld(s) && s.ids.includes(event.id) ? { kind: 'storing', file, ids: s.ids } : s;
    case 'idleLimit':
      return s.kind === 'rowsWritten' ? { kind: 'storing', file, ids: s.ids } : s;
    case 'openLimit':
      return s.kind === 'opened' ? { kind: 'storing', file, ids: s.ids } : s;
    case 'released':
      return writesHeld(s) ? { kind: 'storing', file, ids: s.ids } : s;
    case 'turnsWritten':
      return s.kind === 'storing' ? { kind: 'stored', file, ids: s.ids } : s;
    case 'runsDeleted': {
      if (!rowsMarked(s)) return s;
      const left = s.ids.filter((id) => !event.ids.includes(id));
      if (left.length === s.ids.length) return s;
      return left.length === 0 ? { kind: 'cancelled', file, by: 'deleted' } : { ...s, ids: left };
    }
    case 'failed':
      return s.kind === 'reading' || s.kind === 'parsed' || rowsMarked(s)
        ? { kind: 'failed', file, reason: event.reason }
        : s;
    case 'cancel':
      return s.kind === 'reading' || s.kind === 'parsed' ? { kind: 'cancelled', file, by: 'user' } : s;
    case 'writerGone':
      return rowsMarked(s) ? { kind: 'interrupted', file, ids: s.ids } : s;
  }
}

/** Whether `event` changes state `s` (an event that does not apply leaves it as it is). */
export function applies(s: ImportState, event: ImportEvent): boolean {
  return nextImportState(s, event) !== s;
}
