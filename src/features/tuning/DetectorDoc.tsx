import { useEffect, useState } from 'react';
import { detectorSection, loadDetectorDocs } from './detector-doc';

/** The detector's section of docs/detectors.md, as text, loaded when first opened. */
export function DetectorDoc({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!open || text !== null) return;
    let live = true;
    loadDetectorDocs().then(
      (doc) => live && setText(detectorSection(doc, id) ?? `docs/detectors.md has no section for ${id}.`),
      (e: unknown) => live && setText(`The docs could not be loaded: ${(e as Error).message}`),
    );
    return () => {
      live = false;
    };
  }, [open, text, id]);
  return (
    <>
      <button
        type="button"
        className="link-button small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="What this detector does and where its rules come from (docs/detectors.md)"
      >
        {open ? 'hide docs' : 'docs'}
      </button>
      {open && (
        <div className="tune-doc" role="region" aria-label={`${title}: docs/detectors.md`}>
          {text ?? 'Loading…'}
        </div>
      )}
    </>
  );
}
