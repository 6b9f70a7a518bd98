import { useMemo } from 'react';
import { PRESETS, presetByName } from '../../engine/presets/index';
import { PresetAboutLine } from './PresetAbout';
import { useAppStore } from '../../state/store';
import { AlarmChanges } from './AlarmChanges';
import { DetectorSection } from './DetectorSection';
import { ACTIONS, detectorRows } from './param-model';
import { ChoiceSelect } from '../shared/ChoiceSelect';
import './tuning.css';

/** Live tuning: a preset, every detector and parameter, and what the changes do to the alarms. */
export function TunePanel() {
  const presetName = useAppStore((s) => s.presetName);
  const draft = useAppStore((s) => s.draft);
  const paramError = useAppStore((s) => s.paramError);
  const setPreset = useAppStore((s) => s.setPreset);
  const setParam = useAppStore((s) => s.setParam);
  const resetDraft = useAppStore((s) => s.resetDraft);
  const preset = presetByName(presetName);
  const rows = useMemo(() => detectorRows(draft, preset), [draft, preset]);
  const countAction = draft.countAction ?? 'warn';
  const presetCount = preset?.countAction ?? 'warn';
  const ignoreTextual = draft.ignoreTextualCalls === true;
  const changed =
    rows.reduce((n, r) => n + r.changed, 0) +
    (preset && countAction !== presetCount ? 1 : 0) +
    (preset && ignoreTextual !== (preset.ignoreTextualCalls === true) ? 1 : 0);
  return (
    <div className="tune">
      <div className="tune-head">
        <label>
          <span className="tune-label">Preset</span>
          <select aria-label="Preset" value={presetName} onChange={(e) => setPreset(e.target.value)}>
            {!preset && <option value={presetName}>{presetName} (unknown)</option>}
            {PRESETS.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="tune-label">Alarm from</span>
          <ChoiceSelect
            data-param="countAction"
            value={countAction}
            choices={ACTIONS}
            onChoose={(a) => setParam('countAction', a)}
          />
        </label>
        <label
          className="tune-check"
          title="Calls the model wrote as text (<function=…>, fenced JSON) instead of a real tool call: no detector sees them, and their turns count as text-only."
        >
          <input
            type="checkbox"
            data-param="ignoreTextualCalls"
            checked={ignoreTextual}
            onChange={(e) => setParam('ignoreTextualCalls', e.target.checked)}
          />{' '}
          Ignore text-written calls
        </label>
        <span className="spacer" />
        <button type="button" onClick={resetDraft} disabled={changed === 0}>
          Reset to preset
        </button>
      </div>
      <PresetAboutLine name={presetName} />
      <p className="small muted tune-status">
        {changed === 0
          ? `Exactly the ${presetName} preset.`
          : `${changed} setting${changed === 1 ? ' differs' : 's differ'} from ${presetName}.`}
      </p>
      {rows.map((r) => (
        <DetectorSection key={r.def.id} row={r} />
      ))}
      <footer className="tune-footer">
        {paramError && (
          <p role="alert" className="tune-error">
            {paramError}
          </p>
        )}
        <AlarmChanges />
      </footer>
    </div>
  );
}
