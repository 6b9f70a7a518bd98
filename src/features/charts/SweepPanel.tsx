import { memo, useMemo, useState } from 'react';
import { isLabelled } from '../../engine/labelled';
import { useAppStore } from '../../state/store';
import { SweepChart } from './SweepChart';
import { defaultSweepRange, rangeValues, sameExceptParam, sweepableParams, sweepRows } from './sweep-values';
import { useSweep } from './useSweep';

interface RangeText {
  path: string;
  from: string;
  to: string;
  step: string;
}

/**
 * Pick a parameter and a range, run the sweep in the worker, see the metrics against the value.
 * Memoised: it does not follow the cursor, so playback does not redraw it.
 */
export const SweepPanel = memo(function SweepPanel({ wide }: { wide: boolean }) {
  const draft = useAppStore((s) => s.draft);
  const setParam = useAppStore((s) => s.setParam);
  const { run, start, ready, labels } = useSweep();
  const params = useMemo(() => sweepableParams(draft), [draft]);
  const [picked, setPicked] = useState<string | null>(null);
  const [range, setRange] = useState<RangeText | null>(null);
  const param = params.find((p) => p.path === picked) ?? params[0];
  if (!param) return <p className="muted small">No enabled detector has a numeric parameter to sweep.</p>;

  const def = defaultSweepRange(param.spec, param.current);
  const text: RangeText =
    range?.path === param.path
      ? range
      : { path: param.path, from: String(def.from), to: String(def.to), step: String(def.step) };
  const values = rangeValues({ from: Number(text.from), to: Number(text.to), step: Number(text.step) }, param.spec);
  const edit = (k: 'from' | 'to' | 'step', v: string) => setRange({ ...text, [k]: v });
  // Any label measures: progress labels alone make a clean run, whose alarms are false alarms.
  const labelled = isLabelled(labels);
  const shown = run && run.param === param.path ? run : null;
  const stale = shown !== null && (!sameExceptParam(shown.draft, draft, shown.param) || shown.labels !== labels);
  const runLabelled = isLabelled(shown?.labels ?? []);
  const rows = shown?.points ? sweepRows(shown.points, runLabelled) : null;

  return (
    <div className="sweep">
      <div className="sweep-form">
        <select aria-label="Sweep parameter" value={param.path} onChange={(e) => setPicked(e.target.value)}>
          {params.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label} (now {p.current})
            </option>
          ))}
        </select>
        <div className="sweep-range">
          {(['from', 'to', 'step'] as const).map((k) => (
            <label key={k}>
              <span className="small muted">{k}</span>
              <input
                type="number"
                aria-label={`Sweep ${k}`}
                value={text[k]}
                min={k === 'step' ? 0 : param.spec.min}
                max={param.spec.max}
                step={param.spec.type === 'int' ? 1 : param.spec.step}
                onChange={(e) => edit(k, e.target.value)}
              />
            </label>
          ))}
          <button
            type="button"
            className="primary"
            disabled={!ready || values.length === 0 || shown?.status === 'running'}
            onClick={() => {
              setRange(text);
              void start(draft, param.path, values);
            }}
          >
            Run sweep ({values.length} values)
          </button>
        </div>
        <p className="small muted sweep-bounds">
          Allowed {param.spec.min} to {param.spec.max}; up to 25 values.
        </p>
      </div>
      {!labelled && (
        <p className="small note">
          False alarms and missed loops need labels (Labels tab: loop, or progress for a clean run): without them the
          sweep shows alarms only.
        </p>
      )}
      {shown?.status === 'running' && (
        <p role="status" className="small muted">
          Sweeping {shown.values.length} values in the worker…
        </p>
      )}
      {shown?.status === 'error' && (
        <p role="alert" className="small error-text">
          The sweep failed: {shown.error}
        </p>
      )}
      {rows && (
        <>
          {stale && (
            <p className="small note">The config or labels changed since this sweep; run it again to update it.</p>
          )}
          <SweepChart
            rows={rows}
            current={param.current}
            labelled={runLabelled}
            paramLabel={param.spec.label}
            onPick={(v) => setParam(param.path, v)}
            wide={wide}
          />
          <p className="small muted">
            {rows.length} values in {Math.round(shown?.ms ?? 0)} ms. Click a value to use it.
          </p>
        </>
      )}
    </div>
  );
});
