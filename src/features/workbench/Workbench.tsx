import { useMemo } from 'react';
import { MetricsBar } from '../replay/MetricsBar';
import { Scrubber } from '../replay/Scrubber';
import { Timeline } from '../replay/Timeline';
import { usePlayback } from '../replay/usePlayback';
import { useReplayKeys } from '../replay/useReplayKeys';
import { turnRows } from '../transcript/rows';
import { CursorTurnDetail, CursorTurnTable } from './cursor-views';
import { alarmsByRow } from './alarms-by-row';
import { WorkbenchContext } from './context';
import { SidePanel } from './SidePanel';
import { JudgeSync } from '../judge/JudgeSync';
import { useWorkbenchData } from './useWorkbenchData';
import type { DetectorEvent } from '../../engine/types';

/** An opened transcript: replay controls, timeline, metrics, turns, the selected turn, and tools. */
export function Workbench({ id }: { id: number }) {
  const data = useWorkbenchData(id);
  const turns = data?.transcript.turns.length ?? 0;
  useReplayKeys(turns);
  usePlayback(turns);
  const rows = useMemo(() => (data ? turnRows(data.transcript) : []), [data?.transcript]); // eslint-disable-line react-hooks/exhaustive-deps
  const events = data?.outcome?.result.events;
  const markers = useMemo(() => alarmsByRow(events ?? []), [events]);
  const eventsByTurn = useMemo(() => {
    const m = new Map<number, DetectorEvent[]>();
    for (const e of events ?? []) {
      const list = m.get(e.turn);
      if (list) list.push(e);
      else m.set(e.turn, [e]);
    }
    return m;
  }, [events]);
  if (data === undefined) return <p className="muted">Loading…</p>;
  if (data === null) return <p role="alert">This transcript is no longer in the library.</p>;
  const { meta, transcript, outcome } = data;
  return (
    <WorkbenchContext.Provider value={data}>
      <JudgeSync />
      <div className="workbench">
        <header className="transcript-head">
          <h2>{meta.title}</h2>
          <span className="chip">{meta.format}</span>
          <span className="muted">
            {meta.turns} turns · {meta.calls} calls · from {meta.fileName}
          </span>
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
        <Scrubber turns={turns} />
        <MetricsBar />
        <Timeline
          turns={turns}
          labels={data.labels}
          events={events ?? []}
          stoppedAt={outcome?.result.stoppedAt?.turn ?? null}
        />
        <div className="workbench-body">
          <CursorTurnTable rows={rows} markers={markers} turns={turns} />
          <CursorTurnDetail turns={transcript.turns} eventsByTurn={eventsByTurn} />
          <SidePanel />
        </div>
      </div>
    </WorkbenchContext.Provider>
  );
}
