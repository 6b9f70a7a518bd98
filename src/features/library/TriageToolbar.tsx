import { PRESETS } from '../../engine/presets/index';
import { useLibraryView, YOUR_CONFIG } from './library-store';
import { isFiltered, type YesNo } from './triage-filter';

function YesNoSelect({ label, value, onChange }: { label: string; value: YesNo; onChange(v: YesNo): void }) {
  return (
    <label className="triage-filter">
      {label}
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as YesNo)}>
        <option value="any">any</option>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
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
        <select aria-label="Format" value={filter.format} onChange={(e) => setFilter({ format: e.target.value })}>
          <option value="">all</option>
          {formats.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <YesNoSelect label="Has alarms" value={filter.alarms} onChange={(alarms) => setFilter({ alarms })} />
      <YesNoSelect label="Labelled" value={filter.labelled} onChange={(labelled) => setFilter({ labelled })} />
      <YesNoSelect label="Would stop" value={filter.stopped} onChange={(stopped) => setFilter({ stopped })} />
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
        <select
          aria-label="Config"
          value={configChoice}
          onChange={(e) => setConfigChoice(e.target.value)}
          title="The config the Alarms, First alarm, Would stop and F1 columns are computed under"
        >
          <option value={YOUR_CONFIG}>Your config ({yourConfigName})</option>
          {PRESETS.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
