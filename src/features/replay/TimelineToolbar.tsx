import { useAppStore } from '../../state/store';
import type { TimelineView } from '../../state/timeline-slice';
import { zoomView, ZOOM_STEP } from './timeline-view';

const fmt = (n: number) => n.toLocaleString('en-US');

/** Zoom buttons and what part of the run is shown. Keys: + and − zoom, 0 shows the whole run. */
export function TimelineToolbar({ turns, view }: { turns: number; view: TimelineView | null }) {
  const setView = useAppStore((s) => s.setView);
  const zoom = (factor: number) => {
    const s = useAppStore.getState();
    setView(zoomView(s.view, turns, factor, s.turn - 0.5));
  };
  const first = view ? Math.floor(view.from) + 1 : 1;
  const last = view ? Math.min(turns, Math.ceil(view.to)) : turns;
  return (
    <div className="timeline-toolbar">
      <span className="timeline-window" data-testid="timeline-window">
        {view ? `Turns ${fmt(first)}–${fmt(last)} of ${fmt(turns)}` : `All ${fmt(turns)} turns`}
      </span>
      <button type="button" aria-label="Zoom in" title="Zoom in (+)" onClick={() => zoom(ZOOM_STEP)}>
        +
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out (−)"
        disabled={!view}
        onClick={() => zoom(1 / ZOOM_STEP)}
      >
        −
      </button>
      <button type="button" title="Show the whole run (0)" disabled={!view} onClick={() => setView(null)}>
        Whole run
      </button>
    </div>
  );
}
