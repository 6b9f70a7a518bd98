import { useCallback, useEffect, useRef, useState } from 'react';
import type { Label } from '../../model/transcript';
import { db } from '../../persistence/db';
import { engineWorker } from '../../workers/client';
import { tableRows, type CompareTableRow } from './compare-rows';
import { compareLibrary, type LibraryProgress } from './library-compare';

export interface CompareState {
  rows: CompareTableRow[] | null;
  error: string | null;
  progress: LibraryProgress | null;
  running: boolean;
  cancelled: boolean;
}

const IDLE: CompareState = { rows: null, error: null, progress: null, running: false, cancelled: false };

/** Every preset on the open transcript, in the worker; again whenever the labels change. */
export function useSessionCompare(id: number, labels: Label[], ready: boolean, active: boolean): CompareState {
  const [state, setState] = useState<CompareState & { for?: unknown }>(IDLE);
  useEffect(() => {
    if (!active || !ready) return;
    let live = true;
    engineWorker()
      .compareSession(id, labels)
      .then(
        (rows) => live && setState({ ...IDLE, rows: tableRows(rows, labels.length > 0), for: labels }),
        (e: unknown) => live && setState({ ...IDLE, error: String((e as Error)?.message ?? e), for: labels }),
      );
    return () => {
      live = false;
    };
  }, [id, labels, ready, active]);
  return { ...state, running: active && (!ready || state.for !== labels) };
}

/**
 * Every preset over every stored transcript. The open one uses the labels on screen (they may
 * not be saved yet); the others are read from the library. `run` increments to start again.
 */
export function useLibraryCompare(
  id: number,
  labels: Label[],
  active: boolean,
  run: number,
): CompareState & { cancel(): void } {
  const [state, setState] = useState<CompareState>(IDLE);
  const current = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!active) return;
    const ctl = new AbortController();
    current.current = ctl;
    const update = (s: Partial<CompareState>) => {
      if (current.current === ctl) setState((prev) => ({ ...prev, ...s }));
    };
    update({ running: true, cancelled: false, error: null, progress: null });
    void (async () => {
      try {
        const ids = (await db.transcripts.toCollection().primaryKeys()) as number[];
        const result = await compareLibrary({
          ids,
          signal: ctl.signal,
          // The worker reads each transcript by id; the open one is measured with the labels on screen.
          compare: (tid) => engineWorker().compareStored(tid, tid === id ? labels : undefined),
          onProgress: (progress) => update({ progress }),
        });
        update({
          rows: result.cancelled && result.measured === 0 ? null : result.rows,
          running: false,
          cancelled: result.cancelled,
          progress: result,
        });
      } catch (e) {
        update({ error: String((e as Error)?.message ?? e), running: false });
      }
    })();
    return () => {
      ctl.abort();
      if (current.current === ctl) current.current = null;
    };
  }, [id, labels, active, run]);
  const cancel = useCallback(() => {
    const ctl = current.current;
    if (!ctl) return;
    ctl.abort();
    // The loop notices between transcripts; show the cancel at once.
    setState((prev) => ({ ...prev, running: false, cancelled: true }));
  }, []);
  return { ...state, cancel };
}
