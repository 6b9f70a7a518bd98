import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { presetByName } from '../../engine/presets/index';
import type { Label } from '../../model/transcript';
import { db } from '../../persistence/db';
import { saveLabels } from '../../persistence/labels';
import { INTERRUPTED_IMPORT } from '../../persistence/staged-import';
import { useAppStore } from '../../state/store';
import { engineWorker } from '../../workers/client';
import { useJudgeStore } from '../judge/judge-store';
import { reuseSeries } from '../../workers/reuse-series';
import { shownOutcome, type ShownOutcome } from '../../workers/shown-outcome';
import type { SessionInfo } from '../../workers/open-sessions';
import type { WorkbenchData } from './context';
import { RowSource } from './row-source';
import { TurnSource } from './turn-source';

const DEBOUNCE_MS = 30;

/**
 * Opens the transcript in a worker session by id once (the worker reads it from IndexedDB and
 * answers with counts, the turn → row map and the labels; never the turns), then re-runs the
 * replay whenever the draft config, the labels or the judge endpoint's answers change: debounced,
 * and an answer older than the latest request is dropped. The page reads only the library row
 * (`transcripts`) itself.
 */
export function useWorkbenchData(id: number): WorkbenchData | null | undefined {
  const meta = useLiveQuery(() => db.transcripts.get(id).then((m) => m ?? null), [id]);
  const [labels, setLabelsState] = useState<Label[] | null>(null);
  const [session, setSession] = useState<{ info: SessionInfo; rows: RowSource; turns: TurnSource } | null>(null);
  // The answer remembers what it was asked for, so `pending` is derived, not kept in step by hand.
  const [answer, setAnswer] = useState<{
    outcome: ShownOutcome;
    draft: unknown;
    labels: unknown;
    preset: string;
    judge: unknown;
    seq: number;
  } | null>(null);
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  // The judge endpoint's answers for this run (JudgeSync reads them): sent with every replay.
  const judge = useJudgeStore((s) => (s.live?.transcriptId === id ? s.live : null));
  const latest = useRef(0);
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped by Retry: re-opens the session and re-runs the replay.
  const [attempt, setAttempt] = useState(0);

  // The workbench is keyed by transcript id, so this runs once per opened transcript (and on Retry).
  useEffect(() => {
    let live = true;
    engineWorker()
      .openSession(id)
      .then(
        (info) => {
          if (!live) return;
          const rows = new RowSource(info.rowStarts, (s, e) => engineWorker().rowWindow(id, s, e));
          const turns = new TurnSource((turn) => engineWorker().turnAt(id, turn));
          setSession({ info, rows, turns });
          // The labels on screen win over the stored ones once the user has edited any.
          setLabelsState((prev) => prev ?? info.labels);
        },
        (e: unknown) => {
          // Its import was left unfinished: the run is deleted, and the page it lands on says why.
          if ((e as Error).name === INTERRUPTED_IMPORT)
            useAppStore.getState().noteInterrupted(id, (e as Error).message);
          if (live) setFailure(`Could not open this run in the engine: ${(e as Error).message}`);
        },
      );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const ready = session !== null && labels !== null;

  useEffect(() => {
    if (!ready || !labels) return;
    const req = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const answers = judge && { rev: judge.rev, cache: judge.cache };
        const out = await engineWorker().runSession(id, draft, labels, presetByName(presetName), answers);
        if (req !== latest.current) return;
        setFailure(null);
        // Series equal to the last answer's keep their objects, so their charts are not redrawn.
        const shown = shownOutcome(out);
        setAnswer((prev) => ({
          outcome: { ...shown, result: reuseSeries(prev?.outcome.result, shown.result) },
          draft,
          labels,
          preset: presetName,
          judge,
          seq: req,
        }));
      } catch (e) {
        if (req === latest.current) setFailure(`The replay failed: ${(e as Error).message}`);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [id, ready, labels, draft, presetName, judge, attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const loaded = labels !== null;
  const setLabels = useCallback(
    (next: Label[]) => {
      // Before the session has said which labels are stored, an edit would overwrite them unseen.
      if (!loaded) return;
      setLabelsState(next);
      void saveLabels(id, next);
    },
    [id, loaded],
  );

  if (meta === undefined) return undefined;
  if (meta === null) return null;
  const pending =
    !answer ||
    answer.draft !== draft ||
    answer.labels !== labels ||
    answer.preset !== presetName ||
    answer.judge !== judge;
  return {
    id,
    meta,
    turns: session?.info.turns ?? meta.turns,
    judgeLines: session?.info.judgeLines ?? 0,
    hasTokens: session?.info.hasTokens ?? true,
    rows: session?.rows ?? null,
    turnSource: session?.turns ?? null,
    labels: labels ?? [],
    setLabels,
    outcome: answer?.outcome ?? null,
    pending,
    ready,
    runSeq: answer?.seq ?? 0,
    failure,
    retry,
  };
}
