import { useAppStore } from '../../state/store';

/**
 * A transcript id that is not in this library (an older share link made elsewhere, a deleted run).
 * Share links carry the config only: when one brought us here, say what became of its config. A
 * run whose import the page left unfinished (closed or reloaded while storing) says so.
 */
export function MissingTranscript({ id }: { id: number }) {
  const link = useAppStore((s) => s.shareLink);
  const fromLink = link.phase !== 'idle' && link.target.kind === 'library-number' && link.target.id === id;
  const applied = fromLink && link.phase === 'applied' ? link.incoming.name : null;
  const interrupted = useAppStore((s) => s.interrupted[id]);
  if (interrupted && !fromLink)
    return (
      <div className="missing-transcript">
        <p role="alert">
          Transcript #{id} is not in this library: {interrupted}.
        </p>
        <p className="muted small">
          <a href="#/">Back to the library</a>
        </p>
      </div>
    );
  return (
    <div className="missing-transcript">
      <p role="alert">
        {applied !== null
          ? `Config “${applied}” applied; transcript #${id} is not in this library.`
          : `Transcript #${id} is not in this library.`}
      </p>
      <p className="muted small">
        {fromLink
          ? 'A share link carries the config only, never the transcript: import the run here (or open any run) to use the config on it.'
          : 'It may have been deleted, or the link was made in another browser.'}{' '}
        <a href="#/">Back to the library</a>
      </p>
    </div>
  );
}
