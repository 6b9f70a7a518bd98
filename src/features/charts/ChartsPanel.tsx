import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { resolveConfig } from '../../engine/config';
import { DETECTOR_IDS } from '../../engine/types';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { CheckChart } from './CheckChart';
import { CycleChart } from './CycleChart';
import { FingerprintChart } from './FingerprintChart';
import { FingerprintScope, readRadius } from './FingerprintScope';
import { SweepPanel } from './SweepPanel';
import { useChartWindow } from './useChartWindow';
import './charts.css';

const WIDE_KEY = 'loopscope.charts.wide';

function readWide(): boolean {
  try {
    return localStorage.getItem(WIDE_KEY) === '1';
  } catch {
    return false;
  }
}

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="chart-card" aria-labelledby={`chart-${id}`} data-chart={id}>
      <h3 id={`chart-${id}`}>{title}</h3>
      {children}
    </section>
  );
}

/** A chart of the replay once it has answered; "Replaying…" until then. */
function Replayed<T>({ result, children }: { result: T | undefined; children(r: T): ReactNode }) {
  return result ? children(result) : <p className="muted small">Replaying…</p>;
}

/** The Charts tab: four charts of the latest replay, all following the scrubber's turn. */
export function ChartsPanel() {
  const { id, turns, judgeLines, outcome, pending, ready, runSeq } = useWorkbench();
  const rawTurn = useAppStore((s) => s.turn);
  const draft = useAppStore((s) => s.draft);
  const [wide, setWide] = useState(readWide);
  const [radius, setRadius] = useState(readRadius);
  const turn = Math.min(Math.max(1, rawTurn), Math.max(1, turns));
  const resolved = useMemo(() => resolveConfig(draft), [draft]);
  const enabled = DETECTOR_IDS.filter((d) => resolved.detectors[d].enabled);
  const ignoreTextual = resolved.ignoreTextualCalls === true;
  // Counted in the worker for this turn; the whole run's scope still asks, for exact counts at the cursor.
  const answer = useChartWindow({ id, turn, radius, ignoreTextual }, ready, runSeq);
  // Until the answer for a newly chosen scope comes, the previous scope's is not shown as this one.
  const win = answer && answer.radius === radius ? answer : null;
  // The charts follow the cursor a render later than the turn readout and the table: a key step
  // commits at once, and the charts' redraw runs after it (interrupted by the next step if need be).
  const shown = useDeferredValue(turn);
  // The window's bars and lines are drawn for the turn the worker counted them at.
  const fpTurn = radius > 0 && win ? win.turn : shown;
  const toggleWide = () => {
    setWide(!wide);
    try {
      localStorage.setItem(WIDE_KEY, wide ? '0' : '1');
    } catch {
      // storage unavailable: the toggle still works for this visit
    }
  };
  const result = outcome?.result;
  return (
    <div className={`charts-panel${wide ? ' wide' : ''}`} data-pending={pending || undefined}>
      <div className="charts-head">
        <span className="small muted">
          At turn {turn} of {turns}
          {pending ? ' · updating…' : ''}
        </span>
        <button
          type="button"
          className="wide-toggle"
          aria-pressed={wide}
          onClick={toggleWide}
          title="Show the charts full width below the table"
        >
          Wide view
        </button>
      </div>
      <div className="chart-grid">
        <ChartCard id="fingerprints" title="Fingerprint frequency">
          <FingerprintScope radius={radius} onChange={setRadius} />
          <Replayed result={result}>
            {(r) => (
              <FingerprintChart fp={r.fingerprints} win={win} radius={radius} turn={fpTurn} turns={turns} wide={wide} />
            )}
          </Replayed>
        </ChartCard>
        <ChartCard id="cycles" title="Detected cycles over time">
          <Replayed result={result}>
            {(r) => <CycleChart cycles={r.cycles} turn={shown} turns={turns} enabled={enabled} wide={wide} />}
          </Replayed>
        </ChartCard>
        <ChartCard id="checks" title="LLM check schedule">
          <Replayed result={result}>
            {(r) => (
              <CheckChart
                checks={r.checks}
                turn={shown}
                turns={turns}
                draft={draft}
                judgeLines={judgeLines}
                wide={wide}
              />
            )}
          </Replayed>
        </ChartCard>
        <ChartCard id="sweep" title="Threshold sweep">
          <SweepPanel wide={wide} />
        </ChartCard>
      </div>
    </div>
  );
}
