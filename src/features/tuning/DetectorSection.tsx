import { useState } from 'react';
import { DetectorDoc } from './DetectorDoc';
import { useAppStore } from '../../state/store';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { DiffMark } from './DiffMark';
import { ParamControl } from './ParamControl';
import type { DetectorRow } from './param-model';

/** One detector: on/off, where it comes from, and its parameters (open while it is enabled). */
export function DetectorSection({ row }: { row: DetectorRow }) {
  const setParam = useAppStore((s) => s.setParam);
  const { def, enabled } = row;
  // Enabling opens the section and disabling closes it; the user may open or close it in between.
  const [override, setOverride] = useState<{ enabled: boolean; open: boolean } | null>(null);
  const open = override && override.enabled === enabled ? override.open : enabled;
  const titleId = `tune-${def.id}-title`;
  const bodyId = `tune-${def.id}-params`;
  const enabledPath = `detectors.${def.id}.enabled`;
  return (
    <section className={`tune-detector${enabled ? '' : ' off'}`} aria-labelledby={titleId} data-detector={def.id}>
      <header>
        <input
          type="checkbox"
          data-param={enabledPath}
          aria-label={`${def.title} enabled`}
          checked={enabled}
          onChange={(e) => setParam(enabledPath, e.target.checked)}
        />
        <span className="tune-swatch" style={{ background: DETECTOR_COLOR[def.id] }} aria-hidden="true" />
        <h4 id={titleId}>{def.title}</h4>
        {row.enabledDiffers && (
          <DiffMark
            label={`${def.title} enabled`}
            presetValue={row.presetEnabled}
            onReset={() => setParam(enabledPath, row.presetEnabled)}
          />
        )}
        {row.changed > 0 && <span className="chip">{row.changed} changed</span>}
        <span className="spacer" />
        <button
          type="button"
          className="icon"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Hide' : 'Show'} ${def.title} parameters`}
          onClick={() => setOverride({ enabled, open: !open })}
        >
          {open ? '▾' : '▸'}
        </button>
      </header>
      <p className="tune-origin">
        <span className="tune-origin-tag">{def.origin}</span> {def.summary}{' '}
        <DetectorDoc id={def.id} title={def.title} />
      </p>
      {open && (
        <div id={bodyId} className="tune-params">
          {!enabled && <p className="small muted">Enable the detector to change its parameters.</p>}
          {row.params.map((p) => (
            <ParamControl key={p.path} row={p} disabled={!enabled} />
          ))}
        </div>
      )}
    </section>
  );
}
