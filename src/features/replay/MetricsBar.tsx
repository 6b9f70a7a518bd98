import type { MetricsSummary } from '../../engine/evaluate';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';

interface Item {
  key: string;
  label: string;
  value: (m: MetricsSummary) => number | null;
  /** Whether a higher value is better (colours the change). */
  higherIsBetter: boolean;
  fmt?: (v: number) => string;
}

const ITEMS: Item[] = [
  { key: 'tp', label: 'True alarms', value: (m) => m.tp, higherIsBetter: true },
  { key: 'fp', label: 'False alarms', value: (m) => m.fp, higherIsBetter: false },
  { key: 'caught', label: 'Loops caught', value: (m) => m.caught, higherIsBetter: true },
  { key: 'missed', label: 'Loops missed', value: (m) => m.missed, higherIsBetter: false },
  { key: 'premature-stops', label: 'Premature stops', value: (m) => m.prematureStops, higherIsBetter: false },
  {
    key: 'latency',
    label: 'Latency (turns)',
    value: (m) => m.meanLatency,
    higherIsBetter: false,
    fmt: (v) => v.toFixed(1),
  },
  {
    key: 'tokens-wasted',
    label: 'Tokens wasted',
    value: (m) => m.tokensWasted,
    higherIsBetter: false,
    fmt: (v) => v.toLocaleString('en-US'),
  },
  {
    key: 'tokens-saved',
    label: 'Tokens saved',
    value: (m) => m.tokensSaved,
    higherIsBetter: true,
    fmt: (v) => v.toLocaleString('en-US'),
  },
];

function Delta({
  now,
  before,
  higherIsBetter,
  fmt,
}: {
  now: number | null;
  before: number | null;
  higherIsBetter: boolean;
  fmt: (v: number) => string;
}) {
  if (now === null || before === null || now === before) return null;
  const d = now - before;
  const good = d > 0 === higherIsBetter;
  return <span className={`delta ${good ? 'good' : 'bad'}`}>{`${d > 0 ? '+' : '−'}${fmt(Math.abs(d))}`}</span>;
}

/** The numbers that matter, each with its change against the chosen preset. */
export function MetricsBar() {
  const { outcome, pending, runSeq } = useWorkbench();
  const presetName = useAppStore((s) => s.presetName);
  if (!outcome) return <div className="metrics-bar muted">Replaying…</div>;
  const alarms = outcome.result.events.length;
  if (!outcome.metrics)
    return (
      <div className="metrics-bar" data-pending={pending || undefined} data-run={runSeq}>
        <span className="metric">
          <span className="metric-label">Events</span>
          <span className="metric-value" data-metric="alarms">
            {alarms}
          </span>
        </span>
        <span className="no-labels">
          False positives and missed loops need labels: select turns on the timeline or in the Labels tab and mark them
          <em> loop</em> or <em>progress</em>. Until then only alarms are shown.
        </span>
      </div>
    );
  const m = outcome.metrics;
  const b = outcome.baseline?.metrics ?? null;
  return (
    <div className="metrics-bar" data-pending={pending || undefined} data-run={runSeq} aria-label="Metrics">
      {ITEMS.map((it) => {
        const v = it.value(m);
        const fmt = it.fmt ?? ((x: number) => String(x));
        return (
          <span key={it.key} className="metric">
            <span className="metric-label">{it.label}</span>
            <span className="metric-value" data-metric={it.key}>
              {v === null ? '—' : fmt(v)}
            </span>
            <Delta now={v} before={b ? it.value(b) : null} higherIsBetter={it.higherIsBetter} fmt={fmt} />
          </span>
        );
      })}
      <span className="metric vs muted small">
        change vs <strong>{presetName}</strong>
        {outcome.baseline && (outcome.baseline.appeared.length > 0 || outcome.baseline.vanished.length > 0) && (
          <>
            {' · '}
            <span className="delta neutral">{outcome.baseline.appeared.length} alarms appeared</span>{' '}
            <span className="delta neutral">{outcome.baseline.vanished.length} vanished</span>
          </>
        )}
      </span>
    </div>
  );
}
