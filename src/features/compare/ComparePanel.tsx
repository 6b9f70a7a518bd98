import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { presetByName } from '../../engine/presets/index';
import { deleteSavedConfig, listSavedConfigs, type SavedConfig } from '../../persistence/saved-configs';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { judgeOnlyBlind, JUDGE_ONLY_UNKNOWN, libraryGaps, presetGaps, runFacts } from '../workbench/data-gaps';
import { savedRowName, type CompareTableRow } from './compare-rows';
import { CompareTable } from './CompareTable';
import { extraRows } from './extra-rows';
import type { RowActions } from './RowName';
import { SaveConfigForm } from './SaveConfigForm';
import { useLibraryCompare, useSessionCompare } from './useCompare';
import './compare.css';

const NO_SAVED: SavedConfig[] = [];

/**
 * Every preset, the config being tuned and the saved configs against this transcript, or summed
 * over the whole library (runs without labels counted apart).
 */
export function ComparePanel() {
  const { id, labels, ready, judgeLines, hasTokens } = useWorkbench();
  const facts = useMemo(() => runFacts({ judgeLines, hasTokens }), [judgeLines, hasTokens]);
  const presetName = useAppStore((s) => s.presetName);
  const setPreset = useAppStore((s) => s.setPreset);
  const setDraft = useAppStore((s) => s.setDraft);
  const draft = useAppStore((s) => s.draft);
  const saved = useLiveQuery(() => listSavedConfigs(), []) ?? NO_SAVED;
  const extra = useMemo(() => extraRows(draft, presetName, saved), [draft, presetName, saved]);
  const [whole, setWhole] = useState(false);
  const [run, setRun] = useState(0);
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (!wide) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setWide(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [wide]);
  const one = useSessionCompare(id, labels, ready, !whole, extra);
  const lib = useLibraryCompare(id, labels, whole, run, extra);
  const savedByRow = (row: string) => saved.find((c) => savedRowName(c.name) === row);
  const actions: RowActions = {
    onPick: setPreset,
    onLoadSaved: (row) => {
      const c = savedByRow(row);
      if (c)
        setDraft(
          structuredClone(c.config),
          c.config.basedOn && presetByName(c.config.basedOn) ? c.config.basedOn : undefined,
        );
    },
    onDeleteSaved: (row) => {
      const c = savedByRow(row);
      if (c) void deleteSavedConfig(c.id);
    },
  };
  const s = whole ? lib : one;
  const p = lib.progress;
  // On this run alone, a run without token counts has unknown token totals, never 0, and a config
  // only the missing judge answers could make fire has unknown numbers altogether.
  const configOf = (row: string) => extra.configs.find((c) => c.name === row)?.config ?? presetByName(row);
  const rows =
    !whole && s.rows
      ? s.rows.map((r) => {
          const c = configOf(r.preset);
          if (c && judgeOnlyBlind(c, facts)) return { ...r, unknown: JUDGE_ONLY_UNKNOWN };
          return facts.hasTokens ? r : tokensUnknown(r);
        })
      : s.rows;
  const gaps = whole ? (p && !lib.running ? libraryGaps(p.withoutJudge, p.measured) : []) : presetGaps(facts);
  return (
    <div
      className={wide ? 'compare wide' : 'compare'}
      role={wide ? 'dialog' : undefined}
      aria-modal={wide || undefined}
      aria-label={wide ? 'Compare, wide view' : undefined}
    >
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
        <button type="button" aria-pressed={wide} onClick={() => setWide((w) => !w)} title="Escape closes it">
          {wide ? 'Close wide view' : 'Wide view'}
        </button>
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
          No labels on this transcript: per config, its alarms, the turn it would stop the run at and the tokens that
          saves; F1 needs labels (n/a). Mark loops or progress in the Labels tab.
        </p>
      )}
      {whole && p && !lib.running && (
        <p className="small muted">
          {lib.cancelled ? `Cancelled after ${p.done} of ${p.total}. ` : ''}
          Summed over {p.measured} labelled transcript{p.measured === 1 ? '' : 's'}
          {p.unlabelled > 0 ? `; ${p.unlabelled} without labels counted apart (alarms and stops only, no F1)` : ''}
          {p.skipped > 0 ? `; ${p.skipped} gone from the library left out` : ''}.
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
            actions={actions}
            caption={
              !whole
                ? 'Every preset on this transcript'
                : p && p.unlabelled > 0
                  ? 'Every preset, summed over the library; the runs without labels in the last three columns (scroll, or the wide view)'
                  : 'Every preset, summed over the library'
            }
            runs={whole && p && p.unlabelled > 0 ? { labelled: p.measured, unlabelled: p.unlabelled } : undefined}
            bare={!whole && labels.length === 0}
          />
        </div>
      ) : s.running ? (
        <p className="muted">Comparing presets…</p>
      ) : whole && p && p.measured === 0 && p.unlabelled === 0 ? (
        <p className="muted">The library is empty.</p>
      ) : null}
      <SaveConfigForm draft={draft} presetName={presetName} />
      <p className="small muted">
        Click a preset’s or a saved config’s name to tune with it. Your config’s and saved configs’ changes are against
        the preset they started from. Column headers sort.
      </p>
    </div>
  );
}

function tokensUnknown(r: CompareTableRow): CompareTableRow {
  return { ...r, metrics: { ...r.metrics, tokensSaved: null, tokensWasted: null } };
}
