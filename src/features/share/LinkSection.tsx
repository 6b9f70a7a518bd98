import { useState } from 'react';
import { shareHash } from '../../persistence/share-link';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { copyText } from './download';
import { exportedConfig } from './export-name';

/** A link to this transcript and turn carrying the draft config in the URL fragment. */
export function LinkSection() {
  const { id, turns } = useWorkbench();
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
    const hash = shareHash(id, turn, exportedConfig(draft, presetName));
    const link = `${window.location.origin}${window.location.pathname}${hash}`;
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
        The config and turn {turn} travel in the link’s fragment, which never reaches a server. The transcript does not:
        the link opens transcript #{id} of the receiver’s own library, and applies the config in any case.
      </p>
    </section>
  );
}
