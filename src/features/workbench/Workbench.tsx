import { useCallback, useMemo, useRef } from 'react';
import { resolveConfig } from '../../engine/config';
import { useAppStore } from '../../state/store';
import { MetricsBar } from '../replay/MetricsBar';
import { Scrubber } from '../replay/Scrubber';
import { Timeline } from '../replay/Timeline';
import { usePlayback } from '../replay/usePlayback';
import { useReplayKeys } from '../replay/useReplayKeys';
import { CursorTurnDetail, CursorTurnTable } from './cursor-views';
import { RowMarkers } from './row-markers';
import { EventsByTurn } from './events-by-turn';
import { WorkbenchContext } from './context';
import { MissingTranscript } from './MissingTranscript';
import { SidePanel } from './SidePanel';
import { JudgeSync } from '../judge/JudgeSync';
import { useWorkbenchData } from './useWorkbenchData';
import { needsRecordedJudge, runFacts } from './data-gaps';
import { DETECTOR_IDS } from '../../engine/types';
import { PresentButton } from '../demo/PresentButton';
import { PresenterView } from '../demo/PresenterView';

const NO_ALARMS: readonly number[] = [];

/** An opened transcript: replay controls, timeline, metrics, turns, the selected turn, and tools. */
export function Workbench({ id }: { id: number }) {
  const data = useWorkbenchData(id);
  const turns = data?.turns ?? 0;
  const draft = useAppStore((s) => s.draft);
  const resolved = useMemo(() => resolveConfig(draft), [draft]);
  const enabled = useMemo(() => DETECTOR_IDS.filter((d) => resolved.detectors[d].enabled), [resolved]);
  const events = data?.outcome?.result.events;
  const judgeLines = data?.judgeLines ?? 0;
  const hasTokens = data?.hasTokens ?? false;
  const unknown = useMemo(
    () => (needsRecordedJudge(draft, runFacts({ judgeLines, hasTokens })) ? (['llm-judge'] as const) : []),
    [draft, judgeLines, hasTokens],
  );
  const alarms = data?.outcome?.alarmTurns ?? NO_ALARMS;
  const home = useRef<HTMLDivElement>(null);
  useReplayKeys(
    turns,
    alarms,
    useCallback(() => home.current, []),
  );
  usePlayback(turns, alarms);
  const presenting = useAppStore((s) => s.presenting);
  const eventsByTurn = useMemo(() => new EventsByTurn(events ?? []), [events]);
  const markers = useMemo(() => new RowMarkers(eventsByTurn), [eventsByTurn]);
  if (data === undefined) return <p className="muted">Loading…</p>;
  if (data === null) return <MissingTranscript id={id} />;
  const { meta, outcome } = data;
  return (
    <WorkbenchContext.Provider value={data}>
      <JudgeSync />
      {presenting && (
        <PresenterView turns={turns} alarms={alarms} events={events ?? []} countAction={resolved.countAction} />
      )}
      <div className="workbench" ref={home} tabIndex={-1} aria-label="Workbench" inert={presenting}>
        <header className="transcript-head">
          <a className="back-link" href="#/" onClick={() => useAppStore.getState().open(null)}>
            ← Library
          </a>
          <h2>{meta.title}</h2>
          <span className="chip">{meta.format}</span>
          <span className="muted">
            {meta.turns} turns · {meta.calls} calls · from {meta.fileName}
          </span>
          <PresentButton />
        </header>
        {meta.warnings.length > 0 && (
          <details className="warnings-box">
            <summary>
              Imported with {meta.warnings.length} warning{meta.warnings.length === 1 ? '' : 's'}
            </summary>
            <ul className="warnings">
              {meta.warnings.slice(0, 500).map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
        )}
        {data.failure && (
          <div role="alert" className="engine-failure">
            <span>{data.failure}</span>
            <button type="button" onClick={data.retry}>
              Retry
            </button>
          </div>
        )}
        <Scrubber turns={turns} alarms={alarms} />
        <MetricsBar />
        <Timeline
          turns={turns}
          labels={data.labels}
          events={events ?? []}
          stoppedAt={outcome?.result.stoppedAt?.turn ?? null}
          detectors={enabled}
          unknown={unknown}
        />
        <div className="workbench-body">
          {data.rows ? (
            <CursorTurnTable source={data.rows} markers={markers} turns={turns} />
          ) : (
            <p className="muted">Opening…</p>
          )}
          <CursorTurnDetail source={data.turnSource} turns={turns} eventsByTurn={eventsByTurn} />
          <SidePanel />
        </div>
      </div>
    </WorkbenchContext.Provider>
  );
}
