import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { changedParams, formatChange } from './config-summary';
import { ConfigFileSection } from './ConfigFileSection';
import { LinkSection } from './LinkSection';
import { ReportSection } from './ReportSection';
import { SnippetsSection } from './SnippetsSection';
import './share.css';

/** Take the tuned config and the findings elsewhere: a file, a link, the seeds' own syntax, a report. */
export function SharePanel() {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const changes = changedParams(draft, presetByName(presetName));
  return (
    <div className="share-panel">
      <div className="share-current" aria-label="Current config">
        <span>
          Config <strong data-config-name>{draft.name ?? presetName}</strong>, based on{' '}
          <strong data-config-based-on>{presetName}</strong>
        </span>
        {changes.length === 0 ? (
          <span className="muted small"> · unchanged</span>
        ) : (
          <details>
            <summary className="small">
              {changes.length} change{changes.length === 1 ? '' : 's'} from the preset
            </summary>
            <ul className="share-changes small">
              {changes.map((c) => (
                <li key={c.path} data-change={c.path}>
                  <code>{formatChange(c)}</code>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <ConfigFileSection />
      <LinkSection />
      <SnippetsSection />
      <ReportSection />
    </div>
  );
}
