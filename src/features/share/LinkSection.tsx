import { useState } from 'react';
import { shareHash } from '../../persistence/share-link';
import { runLinkHash } from '../../persistence/share-link-target';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { copyText } from './download';
import { exportedConfig } from './export-name';

/**
 * A link to this run and turn carrying the draft config in the URL fragment. The run is named by
 * its file's content hash, so the link opens it in any library that holds the same file; a run
 * stored without a hash can only be named by its number here.
 */
export function LinkSection() {
  const { id, turns, meta } = useWorkbench();
  const hash = meta.contentHash;
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const turn = Math.min(
    Math.max(
      1,
      useAppStore((s) => s.turn),
    ),
    Math.max(1, turns),
  );
  const [shown, setShown] = useState<{ link: string; copied: boolean } | null>(null);

  const copy = async () => {
    // basedOn travels with the config, so the receiver measures it against the same preset.
    const config = exportedConfig(draft, presetName);
    const fragment = hash
      ? runLinkHash({ hash, position: meta.positionInFile, title: meta.title }, turn, config)
      : shareHash(id, turn, config);
    const link = `${window.location.origin}${window.location.pathname}${fragment}`;
    setShown({ link, copied: await copyText(link) });
  };

  return (
    <section className="share-section" aria-labelledby="share-link">
      <h3 id="share-link">Link</h3>
      <div className="share-buttons">
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
        {shown && (
          <span role="status" className="small">
            {shown.copied
              ? `Copied (${shown.link.length} characters).`
              : 'The clipboard is not available: copy the link below by hand.'}
          </span>
        )}
      </div>
      {shown && (
        <input
          className="share-link-field"
          type="text"
          readOnly
          value={shown.link}
          aria-label="Share link"
          onFocus={(e) => e.target.select()}
        />
      )}
      <p className="small muted">
        {hash
          ? `The config, turn ${turn} and this run’s title travel in the link’s fragment, which never reaches a server. The transcript does not: the link opens this run where the receiver’s library holds the same file (found by its content, whatever its number there), and offers the config in any case.`
          : `This run was stored without its file’s content hash, so the link names it as #${id}, its number in this library: elsewhere that number may be another run. The config and turn ${turn} travel in the link’s fragment, which never reaches a server.`}
      </p>
    </section>
  );
}
