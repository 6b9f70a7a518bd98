import { useCallback, useEffect, useRef, useState } from 'react';
import type { Label } from '../../model/transcript';
import { db } from '../../persistence/db';
import { engineWorker } from '../../workers/client';
import type { ExtraRows } from './extra-rows';
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

/**
 * Every preset, then the user's and saved configs (`extra`), on the open transcript, in the
 * worker; again whenever the labels or those configs change.
 */
export function useSessionCompare(
  id: number,
  labels: Label[],
  ready: boolean,
  active: boolean,
  extra: ExtraRows,
): CompareState {
  const [state, setState] = useState<CompareState & { for?: unknown }>(IDLE);
  const asked = extra.key;
  useEffect(() => {
    if (!active || !ready) return;
    let live = true;
    const done = { labels, asked };
    engineWorker()
      .compareSession(id, labels, extra.configs)
      .then(
        (rows) => live && setState({ ...IDLE, rows: tableRows(rows, labels.length > 0, extra.info), for: done }),
        (e: unknown) => live && setState({ ...IDLE, error: String((e as Error)?.message ?? e), for: done }),
      );
    return () => {
      live = false;
    };
    // `extra` is the same configs as long as its key is the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, labels, ready, active, asked]);
  const f = state.for as { labels: Label[]; asked: string } | undefined;
  return { ...state, running: active && (!ready || f?.labels !== labels || f?.asked !== asked) };
}

/**
 * Every preset (then `extra`) over every stored transcript. The open one uses the labels on
 * screen (they may not be saved yet); the others are read from the library. `run` increments to
 * start again; so does a change of the user's or saved configs (the presets' rows are cached in
 * the worker, so only theirs are replayed).
 */
export function useLibraryCompare(
  id: number,
  labels: Label[],
  active: boolean,
  run: number,
  extra: ExtraRows,
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
          compare: (tid) => engineWorker().compareStored(tid, tid === id ? labels : undefined, extra.configs),
          info: extra.info,
          onProgress: (progress) => update({ progress }),
        });
        update({
          rows: result.cancelled && result.measured + result.unlabelled === 0 ? null : result.rows,
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
    // `extra` is the same configs as long as its key is the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, labels, active, run, extra.key]);
  const cancel = useCallback(() => {
    const ctl = current.current;
    if (!ctl) return;
    ctl.abort();
    // The loop notices between transcripts; show the cancel at once.
    setState((prev) => ({ ...prev, running: false, cancelled: true }));
  }, []);
  return { ...state, cancel };
}
