import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { changedParams, formatChange } from './config-summary';
import { ConfigFileSection } from './ConfigFileSection';
import { ExportCodeSection } from './ExportCodeSection';
import { exportName } from './export-name';
import { LinkSection } from './LinkSection';
import { ReportSection } from './ReportSection';
import { SnippetsSection } from './SnippetsSection';
import './share.css';

/** Take the tuned config and the findings elsewhere: code, a file, a link, other systems' syntax, a report. */
export function SharePanel() {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const changes = changedParams(draft, presetByName(presetName));
  return (
    <div className="share-panel">
      <div className="share-current" aria-label="Current config">
        <span>
          Config <strong data-config-name>{exportName(draft, presetName)}</strong>, based on{' '}
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
      <ExportCodeSection />
      <ConfigFileSection />
      <LinkSection />
      <SnippetsSection />
      <ReportSection />
    </div>
  );
}
