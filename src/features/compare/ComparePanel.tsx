import { useMemo, useState } from 'react';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { libraryGaps, presetGaps, runFacts } from '../workbench/data-gaps';
import type { CompareTableRow } from './compare-rows';
import { CompareTable } from './CompareTable';
import { useLibraryCompare, useSessionCompare } from './useCompare';
import './compare.css';

/** Every preset against this transcript, or summed over the whole library. */
export function ComparePanel() {
  const { id, labels, ready, judgeLines, hasTokens } = useWorkbench();
  const facts = useMemo(() => runFacts({ judgeLines, hasTokens }), [judgeLines, hasTokens]);
  const presetName = useAppStore((s) => s.presetName);
  const setPreset = useAppStore((s) => s.setPreset);
  const [whole, setWhole] = useState(false);
  const [run, setRun] = useState(0);
  const one = useSessionCompare(id, labels, ready, !whole);
  const lib = useLibraryCompare(id, labels, whole, run);
  const s = whole ? lib : one;
  const p = lib.progress;
  // On this run alone, a run without token counts has unknown token totals, never 0.
  const rows = !whole && s.rows && !facts.hasTokens ? s.rows.map(tokensUnknown) : s.rows;
  const gaps = whole ? (p && !lib.running ? libraryGaps(p.withoutJudge, p.measured) : []) : presetGaps(facts);
  return (
    <div className="compare">
      <div className="compare-head">
        <label className="compare-toggle">
          <input type="checkbox" checked={whole} onChange={(e) => setWhole(e.target.checked)} />
          Whole library
        </label>
        {whole && p && (
          <span className="compare-progress" role="status">
            <progress max={p.total} value={p.done} aria-label="Transcripts compared" />
            {p.done} / {p.total} transcripts
          </span>
        )}
        <span className="spacer" />
        {whole && lib.running && (
          <button type="button" onClick={lib.cancel}>
            Cancel
          </button>
        )}
        {whole && !lib.running && (
          <button type="button" onClick={() => setRun((n) => n + 1)}>
            Run again
          </button>
        )}
      </div>
      {s.error && (
        <p role="alert" className="compare-error">
          {s.error}
        </p>
      )}
      {!whole && !one.running && one.rows && labels.length === 0 && (
        <p className="small muted">
          No labels on this transcript: only alarms and tokens saved are shown. Mark loops or progress in the Labels
          tab.
        </p>
      )}
      {whole && p && !lib.running && (
        <p className="small muted">
          {lib.cancelled ? `Cancelled after ${p.done} of ${p.total}. ` : ''}
          Summed over {p.measured} labelled transcript{p.measured === 1 ? '' : 's'}
          {p.skipped > 0 ? `; ${p.skipped} without labels left out` : ''}.
        </p>
      )}
      {gaps.length > 0 && (
        <ul className="compare-gaps" data-testid="compare-data-warning">
          {gaps.map((g) => (
            <li key={g}>⚠ {g}</li>
          ))}
        </ul>
      )}
      {rows && rows.length > 0 ? (
        <div className={s.running ? 'compare-stale' : undefined} aria-busy={s.running}>
          <CompareTable
            rows={rows}
            current={presetName}
            onPick={setPreset}
            caption={whole ? 'Every preset, summed over the library' : 'Every preset on this transcript'}
          />
        </div>
      ) : s.running ? (
        <p className="muted">Comparing presets…</p>
      ) : whole && p && p.measured === 0 ? (
        <p className="muted">No transcript in the library has labels yet.</p>
      ) : null}
      <p className="small muted">Click a preset’s name to tune with it. Column headers sort.</p>
    </div>
  );
}

function tokensUnknown(r: CompareTableRow): CompareTableRow {
  return { ...r, metrics: { ...r.metrics, tokensSaved: null, tokensWasted: null } };
}
