import { useMemo } from 'react';
import type { MetricsSummary } from '../../engine/evaluate';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { draftGaps, judgeOnlyBlind, JUDGE_ONLY_UNKNOWN, runFacts, type RunFacts } from '../workbench/data-gaps';
import './replay.css';

interface Item {
  key: string;
  label: string;
  value: (m: MetricsSummary) => number | null;
  /** Whether a higher value is better (colours the change). */
  higherIsBetter: boolean;
  fmt?: (v: number) => string;
  /** What the value shows when it is null (default —). */
  none?: string;
  title: string;
}

const tokens = (v: number) => v.toLocaleString('en-US');

/** Event-based scores (docs/design.md, section 5): F1 first, then what it is made of. */
const ITEMS: Item[] = [
  {
    key: 'f1',
    label: 'F1',
    value: (m) => m.f1,
    higherIsBetter: true,
    fmt: (v) => v.toFixed(2),
    title: 'From loops caught, loops missed and false alarms',
  },
  {
    key: 'caught',
    label: 'Loops caught',
    value: (m) => m.caught,
    higherIsBetter: true,
    title: 'Loop spans with an alarm',
  },
  { key: 'missed', label: 'Loops missed', value: (m) => m.missed, higherIsBetter: false, title: 'Loop spans without' },
  {
    key: 'fp',
    label: 'False alarms',
    value: (m) => m.fp,
    higherIsBetter: false,
    title: 'Episodes of alarms outside every loop span (alarms at most 2 turns apart are one episode)',
  },
  {
    key: 'clean-flagged',
    label: 'Clean run flagged',
    // Only a transcript without a loop span is clean.
    value: (m) => (m.clean ? m.cleanFlagged : null),
    higherIsBetter: false,
    title: 'A transcript without a loop span that raised any alarm',
  },
  {
    key: 'premature-stops',
    label: 'Premature stops',
    value: (m) => m.prematureStops,
    higherIsBetter: false,
    title: 'The run stopped outside every loop span',
  },
  {
    key: 'latency',
    label: 'Latency (turns)',
    value: (m) => m.meanLatency,
    higherIsBetter: false,
    fmt: (v) => v.toFixed(1),
    title: 'Turns from a loop’s start to its first alarm',
  },
  {
    key: 'tp',
    label: 'Alarms in loops',
    value: (m) => m.alarmsInSpans,
    higherIsBetter: true,
    title: 'Alarms inside loop spans (each alarm, not each span)',
  },
  {
    key: 'tokens-wasted',
    label: 'Tokens wasted',
    value: (m) => m.tokensWasted,
    higherIsBetter: false,
    fmt: tokens,
    none: 'n/a',
    title: 'Tokens of loop turns before the first alarm (n/a: those turns have no token counts)',
  },
  {
    key: 'tokens-saved',
    label: 'Tokens saved',
    value: (m) => m.tokensSaved,
    higherIsBetter: true,
    fmt: tokens,
    none: 'n/a',
    title: 'Tokens after the stop (n/a: those turns have no token counts)',
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

/** What the config needs and the run lacks, said where the numbers are. */
function DataGaps({ facts }: { facts: RunFacts }) {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const gaps = draftGaps(draft, presetName, facts);
  if (gaps.length === 0) return null;
  return (
    <span className="data-gaps" data-testid="data-warning">
      {gaps.map((g) => (
        <span key={g}>⚠ {g}</span>
      ))}
    </span>
  );
}

/**
 * The numbers that matter, each with its change against the chosen preset. Unlabelled, the
 * library's words: the alarms and loops seen the worker counted at the replayed config's count action.
 */
export function MetricsBar() {
  const { outcome, pending, runSeq, judgeLines, hasTokens } = useWorkbench();
  const presetName = useAppStore((s) => s.presetName);
  const draft = useAppStore((s) => s.draft);
  const facts = useMemo(() => runFacts({ judgeLines, hasTokens }), [judgeLines, hasTokens]);
  // Only the judge could fire, and it has no answers to replay: the numbers are unknown, not 0.
  const blind = judgeOnlyBlind(draft, facts);
  if (!outcome) return <div className="metrics-bar muted">Replaying…</div>;
  if (!outcome.metrics) {
    const { alarms, loopsSeen } = outcome.counts;
    return (
      <div className="metrics-bar" data-pending={pending || undefined} data-run={runSeq}>
        <span className="metric">
          <span className="metric-label">Alarms</span>
          <span className="metric-value" data-metric="alarms" title={blind ? JUDGE_ONLY_UNKNOWN : undefined}>
            {blind ? 'n/a' : alarms}
          </span>
        </span>
        {!blind && alarms > 0 && (
          <span className="metric" title="Alarms of one detector at most 10 turns apart are one loop">
            <span className="metric-label">Loops seen</span>
            <span className="metric-value" data-metric="loops-seen">
              {loopsSeen}
            </span>
          </span>
        )}
        <span className="no-labels">
          False alarms and missed loops need labels: select turns on the timeline or in the Labels tab and mark them
          <em> loop</em> or <em>progress</em>. Until then only alarms are shown.
        </span>
        <DataGaps facts={facts} />
      </div>
    );
  }
  const m = outcome.metrics;
  const b = outcome.baseline?.metrics ?? null;
  return (
    <div className="metrics-bar" data-pending={pending || undefined} data-run={runSeq} aria-label="Metrics">
      {ITEMS.map((it) => {
        // Without any token count in the run, a token total of 0 would be a guess: unknown.
        const unknown = blind || (!facts.hasTokens && it.key.startsWith('tokens-'));
        const v = unknown ? null : it.value(m);
        const fmt = it.fmt ?? ((x: number) => String(x));
        return (
          <span key={it.key} className="metric" title={blind ? JUDGE_ONLY_UNKNOWN : it.title}>
            <span className="metric-label">{it.label}</span>
            <span className="metric-value" data-metric={it.key}>
              {v === null ? (blind ? 'n/a' : (it.none ?? '—')) : fmt(v)}
            </span>
            <Delta now={v} before={b && !unknown ? it.value(b) : null} higherIsBetter={it.higherIsBetter} fmt={fmt} />
          </span>
        );
      })}
      <span className="metric vs muted small">
        change vs <strong>{presetName}</strong>
        {outcome.baseline && (outcome.baseline.appeared.length > 0 || outcome.baseline.vanished.length > 0) && (
          <>
            {' · '}
            <span className="delta neutral">
              {outcome.baseline.appeared.length} alarm{outcome.baseline.appeared.length === 1 ? '' : 's'} appeared
            </span>{' '}
            <span className="delta neutral">{outcome.baseline.vanished.length} vanished</span>
          </>
        )}
      </span>
      <DataGaps facts={facts} />
    </div>
  );
}
