import type { DetectorEvent } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { useWorkbench } from '../workbench/context';
import { alarmItems } from './alarm-changes';

function AlarmList({ title, kind, events }: { title: string; kind: 'appeared' | 'vanished'; events: DetectorEvent[] }) {
  const setTurn = useAppStore((s) => s.setTurn);
  const { items, more } = alarmItems(events);
  if (events.length === 0) return null;
  return (
    <div className={`tune-alarms ${kind}`}>
      <h5>
        {title} <span className="muted">({events.length})</span>
      </h5>
      <ul aria-label={`Alarms ${kind}`}>
        {items.map((it) => (
          <li key={it.key}>
            <button
              type="button"
              className="tune-alarm"
              title={it.event.message}
              onClick={() => setTurn(it.event.turn)}
            >
              <span
                className="tune-swatch"
                style={{ background: DETECTOR_COLOR[it.event.detector] }}
                aria-hidden="true"
              />
              <span className="tune-alarm-det">{it.title}</span>
              <span className={`tune-alarm-where action-${it.event.action}`}>{it.where}</span>
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="small muted">and {more} more</p>}
    </div>
  );
}

/** The alarms the draft adds or removes against the preset; a click moves the cursor there. */
export function AlarmChanges() {
  const { outcome, pending } = useWorkbench();
  const presetName = useAppStore((s) => s.presetName);
  const base = outcome?.baseline;
  if (!base)
    return <p className="small muted">{outcome ? `No preset named ${presetName} to compare with.` : 'Replaying…'}</p>;
  const none = base.appeared.length === 0 && base.vanished.length === 0;
  return (
    <div className="tune-changes" aria-busy={pending} aria-label="Change against the preset" role="region">
      {none ? (
        <p className="small muted">
          Same alarms as <strong>{presetName}</strong>.
        </p>
      ) : (
        <>
          <AlarmList title={`Appeared vs ${presetName}`} kind="appeared" events={base.appeared} />
          <AlarmList title={`Vanished vs ${presetName}`} kind="vanished" events={base.vanished} />
        </>
      )}
    </div>
  );
}
