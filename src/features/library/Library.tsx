import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo } from 'react';
import { settingsKey, type EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { db } from '../../persistence/db';
import { isTuned } from '../../state/config-settings';
import { useAppStore } from '../../state/store';
import { LibraryTable } from './LibraryTable';
import { useLibraryView, YOUR_CONFIG } from './library-store';
import { StopChart } from './StopChart';
import { fileLabels } from './file-labels';
import { filterRows, formatsOf, type LibraryRow } from './triage-filter';
import { TriageToolbar } from './TriageToolbar';
import { useTriage } from './useTriage';

/** "recommended", "recommended, tuned", or the name a loaded config file gave. */
function yourConfigName(draft: EngineConfig, presetName: string): string {
  if (draft.name && draft.name !== presetName) return draft.name;
  return isTuned(draft, presetName) ? `${presetName}, tuned` : presetName;
}

/**
 * The library: every stored run with its triage figures under the chosen config (computed in the
 * worker, kept live while the config changes), search and filters, and the stop chart. Opening a
 * run puts the cursor on its first alarm.
 */
export function Library({ onOpen }: { onOpen: (id: number, turn?: number) => void }) {
  const metas = useLiveQuery(() => db.transcripts.toArray(), []);
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const { filter, configChoice } = useLibraryView();
  const chosenPreset = configChoice === YOUR_CONFIG ? undefined : presetByName(configChoice);
  const config = chosenPreset ?? draft;
  const triage = useTriage(metas, config);
  const yourName = useMemo(() => yourConfigName(draft, presetName), [draft, presetName]);
  const configName = chosenPreset ? (chosenPreset.name ?? configChoice) : `your config (${yourName})`;

  const labels = useMemo(() => fileLabels(metas ?? []), [metas]);
  const rows = useMemo<LibraryRow[]>(
    () =>
      (metas ?? []).map((m) => {
        const fileLabel = labels.get(m.id);
        const row: LibraryRow = fileLabel === undefined ? m : { ...m, fileLabel };
        const e = triage.entries.get(m.id);
        if (e) return { ...row, triage: e.summary, stale: e.key !== triage.key };
        const error = triage.failed.get(m.id);
        return error ? { ...row, triageError: error } : row;
      }),
    [metas, labels, triage.entries, triage.failed, triage.key],
  );
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const summaries = useMemo(() => shown.flatMap((r) => (r.triage && !r.stale ? [r.triage] : [])), [shown]);
  const formats = useMemo(() => formatsOf(metas ?? []), [metas]);

  // The workbench replays under the draft: a run picked under a preset opens with that preset in
  // Tune. Read from the stores when called, so the memoised table keeps one opener.
  const openRun = useCallback(
    (id: number, turn?: number) => {
      const choice = useLibraryView.getState().configChoice;
      const preset = choice === YOUR_CONFIG ? undefined : presetByName(choice);
      const { draft: now, presetName: base } = useAppStore.getState();
      if (preset && settingsKey(preset) !== settingsKey(now)) {
        const name = yourConfigName(now, base);
        if (isTuned(now, base) && !confirm(`Open under ${choice}? It replaces your tuned config (${name}) in Tune.`))
          return;
        useAppStore.getState().setPreset(choice);
      }
      onOpen(id, turn);
    },
    [onOpen],
  );

  if (metas === undefined) return <p className="muted">Opening the library…</p>;
  if (metas.length === 0)
    return <p className="empty">The library is empty. Drop a transcript anywhere on the page, or use Import.</p>;

  return (
    <div className="library-triage" data-triage-passes={triage.passes}>
      <TriageToolbar formats={formats} shown={shown.length} total={rows.length} yourConfigName={yourName} />
      {triage.running ? (
        <div className="triage-progress" role="status">
          <progress aria-label="Triage progress" value={triage.done} max={triage.total} />
          <span className="small muted">
            Computing alarms under {configName}: {triage.done} of {triage.total} runs
          </span>
        </div>
      ) : null}
      {triage.error && (
        <p role="alert" className="engine-failure">
          Could not compute the alarm columns: {triage.error}
        </p>
      )}
      <StopChart summaries={summaries} shown={shown.length} configName={configName} />
      <LibraryTable rows={shown} onOpen={openRun} busy={triage.busy} />
      {shown.length === 0 && <p className="muted">No run matches the search and filters.</p>}
    </div>
  );
}
