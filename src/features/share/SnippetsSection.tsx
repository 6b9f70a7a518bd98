import { useMemo } from 'react';
import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { CopyButton } from './CopyButton';
import { allSnippets, snippetNotes } from './snippets';

/** The draft in the syntax of each system that has settings for the detectors it runs. */
export function SnippetsSection() {
  const { meta } = useWorkbench();
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const snippets = useMemo(
    () => allSnippets(draft, presetName, presetByName(presetName), meta.fileName),
    [draft, presetName, meta.fileName],
  );
  const notes = snippetNotes(draft, snippets);
  return (
    <section className="share-section" aria-labelledby="share-snippets">
      <h3 id="share-snippets">Snippets</h3>
      {snippets.map((s) => (
        <details key={s.id} className="snippet" open data-snippet={s.id}>
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
      {notes.uncovered.length > 0 && (
        <p className="small muted" data-snippet-note="uncovered">
          No system has a setting for {notes.uncovered.join(', ')}: the modules above run{' '}
          {notes.uncovered.length === 1 ? 'it' : 'them'} as tuned.
        </p>
      )}
      {notes.openhands && (
        <p className="small muted" data-snippet-note="openhands">
          OpenHands: its StuckDetector has no settings (its thresholds are fixed in openhands/controller/stuck.py), so
          there is nothing to paste there.
        </p>
      )}
    </section>
  );
}
