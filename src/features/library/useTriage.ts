/**
 * The library's triage figures under a config: first every run the worker has cached figures of
 * (its memory, IndexedDB) in one call, then the others computed a batch of runs at a time
 * (progress moves, and a config change is taken up between batches). The figures of the
 * last pass are remembered across views and shown, marked stale, until the new ones arrive.
 */
import { useEffect, useState } from 'react';
import { settingsKey, type EngineConfig } from '../../engine/config';
import type { RunSummary } from '../../engine/run-summary';
import type { TranscriptMeta } from '../../persistence/db';
import { engineWorker } from '../../workers/client';
import type { TriageAnswer } from '../../workers/triage';
import { triageBatches } from './triage-filter';

const DEBOUNCE_MS = 150;
const SHOW_EVERY_MS = 1000;
const IN_FLIGHT = 3;

export interface TriageEntry {
  summary: RunSummary;
  /** The config it was computed under (settingsKey). */
  key: string;
}

export interface TriageState {
  entries: ReadonlyMap<number, TriageEntry>;
  /** Runs the worker could not read or replay, with the reason. */
  failed: ReadonlyMap<number, string>;
  /**
   * The config the figures are being shown for: the new one from its first answer on (until
   * then the rows keep the last figures unmarked, so a config whose figures are cached redraws
   * the table once, not twice).
   */
  key: string;
  done: number;
  total: number;
  /** Runs are being computed (not only read from a cache): the progress bar is shown. */
  running: boolean;
  /** A pass is under way, cached or not (the table is aria-busy). */
  busy: boolean;
  /** Passes finished since the page loaded (the bench waits for the next one). */
  passes: number;
  error: string | null;
}

/** The last pass's figures: they survive the library being unmounted while a run is open. */
const remembered: { entries: ReadonlyMap<number, TriageEntry> } = { entries: new Map() };

export function useTriage(metas: readonly TranscriptMeta[] | undefined, config: EngineConfig): TriageState {
  // The config's settings, not its name: a renamed copy is the same triage.
  const key = settingsKey(config);
  const [state, setState] = useState<TriageState>(() => ({
    key,
    entries: remembered.entries,
    failed: new Map(),
    done: 0,
    total: 0,
    running: false,
    busy: false,
    passes: 0,
    error: null,
  }));
  // A new import or delete changes this; a re-render with the same rows does not.
  const runsKey = metas?.map((m) => `${m.id}:${m.importedAt}`).join(',') ?? '';

  useEffect(() => {
    if (!metas) return;
    let live = true;
    // Newest first, as the table opens sorted: the rows on screen fill in first.
    const newestFirst = [...metas].sort((a, b) => b.importedAt - a.importedAt || b.id - a.id);
    const total = metas.length;
    // The progress bar waits for the cached answer: a library whose figures are all cached never
    // flashes it.
    setState((s) => ({ ...s, done: 0, total, running: false, busy: total > 0, error: null }));
    const timer = setTimeout(async () => {
      const ids = new Set(metas.map((m) => m.id));
      let done = 0;
      let waiting: TriageAnswer[] = [];
      let shownAt = performance.now();
      // Answers are merged into React state at most every SHOW_EVERY_MS: redrawing a big table
      // for every batch would take the main thread from the next batch's hand-over.
      const show = () => {
        const answers = waiting;
        waiting = [];
        shownAt = performance.now();
        const doneNow = done;
        setState((s) => {
          const next = new Map<number, TriageEntry>();
          // Rows deleted from the library are dropped.
          for (const [id, e] of s.entries) if (ids.has(id)) next.set(id, e);
          const failed = new Map(s.failed);
          for (const answer of answers) {
            for (const r of answer.rows) {
              const { id, ...summary } = r;
              next.set(id, { summary, key });
              failed.delete(id);
            }
            for (const id of answer.missing) next.delete(id);
            for (const f of answer.failed) {
              next.delete(f.id);
              failed.set(f.id, f.reason);
            }
          }
          remembered.entries = next;
          const finished = doneNow >= total;
          return {
            ...s,
            key,
            entries: next,
            failed,
            done: doneNow,
            running: s.running && !finished,
            busy: !finished,
            passes: s.passes + (finished && s.busy ? 1 : 0),
          };
        });
      };
      try {
        // First every run with figures in a cache (the worker's memory or IndexedDB), in one call:
        // a library opened again, or a config seen before, is one answer and one redraw.
        const cached = await engineWorker().triageRuns(
          newestFirst.map((m) => m.id),
          config,
          { cachedOnly: true },
        );
        if (!live) return;
        done += cached.rows.length + cached.missing.length + cached.failed.length;
        waiting.push(cached);
        if (cached.uncached.length > 0) setState((s) => ({ ...s, running: true }));
        show();
        // In the worker's order: the runs it holds in memory first (before its reads evict them).
        const byId = new Map(metas.map((m) => [m.id, m]));
        const batches = triageBatches(cached.uncached.flatMap((id) => byId.get(id) ?? []));
        // IN_FLIGHT batches asked at once, so the worker reads the next runs' turns while it
        // replays the ones it has, and never waits for the page between them.
        let at = 0;
        const send = () => {
          if (at >= batches.length) return null;
          const p = engineWorker().triageRuns(batches[at++], config);
          // A failure of a batch ahead is reported when it is awaited, not as an unhandled rejection.
          p.catch(() => undefined);
          return p;
        };
        const queue = Array.from({ length: IN_FLIGHT }, send).filter((p) => p !== null);
        while (queue.length > 0) {
          const answer = await queue.shift()!;
          if (!live) return;
          done += answer.rows.length + answer.missing.length + answer.failed.length;
          waiting.push(answer);
          if (done >= total || performance.now() - shownAt > SHOW_EVERY_MS) show();
          else {
            // The progress bar moves with every batch; the rows only with show().
            const doneNow = done;
            setState((s) => ({ ...s, done: doneNow }));
          }
          const next = send();
          if (next) queue.push(next);
        }
        if (waiting.length > 0) show();
        // Every figure was cached, so this worker may hold no turns: it reads the newest runs' into
        // memory now, while idle, for the first threshold change (stops on a config change or full).
        if (cached.uncached.length === 0)
          for (const ids of triageBatches(newestFirst)) {
            // A failed read only costs that change its reads.
            if (
              !live ||
              !(await engineWorker()
                .warmTriageMemory(ids)
                .catch(() => false))
            )
              break;
          }
      } catch (e) {
        if (live)
          setState((s) => ({
            ...s,
            running: false,
            busy: false,
            passes: s.passes + 1,
            error: (e as Error)?.message ?? String(e),
          }));
      }
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `metas` and `config` are read through runsKey and key: a new array with the same runs is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runsKey, key]);

  return state;
}
