import { PRESETS } from '../../engine/presets/index';
import { useLibraryView, YOUR_CONFIG } from './library-store';
import { isFiltered, type Reached, type YesNo } from './triage-filter';
import { ChoiceSelect } from '../shared/ChoiceSelect';
import { ACTION_WORD } from './triage-columns';

const YES_NO: readonly YesNo[] = ['any', 'yes', 'no'];
const REACHED: readonly Reached[] = ['any', 'nothing', 'warn', 'block', 'terminate'];
const PRESET_NAMES = PRESETS.flatMap((p) => (p.name ? [p.name] : []));

function YesNoSelect({ label, value, onChange }: { label: string; value: YesNo; onChange(v: YesNo): void }) {
  return (
    <label className="triage-filter">
      {label}
      <ChoiceSelect aria-label={label} value={value} choices={YES_NO} onChoose={onChange} />
    </label>
  );
}

/** Search, filters, and the config triage runs under. */
export function TriageToolbar({
  formats,
  shown,
  total,
  yourConfigName,
}: {
  formats: string[];
  shown: number;
  total: number;
  yourConfigName: string;
}) {
  const { filter, setFilter, clearFilter, configChoice, setConfigChoice } = useLibraryView();
  return (
    <div className="triage-toolbar" role="search" aria-label="Library search and filters">
      <input
        type="search"
        aria-label="Search runs (title, file name, format)"
        placeholder="Search title, file, format…"
        value={filter.text}
        onChange={(e) => setFilter({ text: e.target.value })}
      />
      <label className="triage-filter">
        Format
        <ChoiceSelect
          aria-label="Format"
          value={filter.format}
          choices={formats}
          onChoose={(format) => setFilter({ format })}
          first={<option value="">all</option>}
        />
      </label>
      <YesNoSelect label="Has alarms" value={filter.alarms} onChange={(alarms) => setFilter({ alarms })} />
      <YesNoSelect label="Labelled" value={filter.labelled} onChange={(labelled) => setFilter({ labelled })} />
      <label className="triage-filter">
        Would
        <ChoiceSelect
          aria-label="Would"
          value={filter.reached}
          choices={REACHED}
          label={(r) => (r === 'any' || r === 'nothing' ? r : ACTION_WORD[r])}
          onChoose={(reached) => setFilter({ reached })}
          title="The strongest thing the config would do to the run"
        />
      </label>
      {isFiltered(filter) && (
        <button type="button" onClick={clearFilter}>
          Clear filters
        </button>
      )}
      <span className="muted small" role="status">
        {shown === total ? `${total} runs` : `${shown} of ${total} runs`}
      </span>
      <span className="spacer" />
      <label className="triage-filter">
        Config
        <ChoiceSelect
          aria-label="Config"
          value={configChoice}
          choices={PRESET_NAMES}
          onChoose={setConfigChoice}
          title="The config the Alarms, First alarm, Would and F1 columns are computed under"
          first={<option value={YOUR_CONFIG}>Your config ({yourConfigName})</option>}
        />
      </label>
    </div>
  );
}
