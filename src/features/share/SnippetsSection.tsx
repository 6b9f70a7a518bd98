import { useMemo } from 'react';
import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { enabledDetectors } from './config-summary';
import { CopyButton } from './CopyButton';
import { allSnippets } from './snippets';

/** The draft in each seed system's own syntax; the ones for detectors this config runs start open. */
export function SnippetsSection() {
  const { meta } = useWorkbench();
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const snippets = useMemo(
    () => allSnippets(draft, presetName, presetByName(presetName), meta.fileName),
    [draft, presetName, meta.fileName],
  );
  const on = new Set<string>(enabledDetectors(draft));
  return (
    <section className="share-section" aria-labelledby="share-snippets">
      <h3 id="share-snippets">Snippets</h3>
      {snippets.map((s) => (
        <details
          key={s.id}
          className="snippet"
          open={s.from.length === 0 || s.from.some((d) => on.has(d))}
          data-snippet={s.id}
        >
          <summary>
            {s.title} <span className="muted small">· {s.where}</span>
          </summary>
          <div className="snippet-body">
            <div className="snippet-tools">
              <span className="muted small">{s.lang}</span>
              <CopyButton text={s.text} label={`Copy ${s.title}`} />
            </div>
            <pre aria-label={s.title}>
              <code>{s.text}</code>
            </pre>
          </div>
        </details>
      ))}
    </section>
  );
}
