import { useEffect } from 'react';
import { formatHash, parseHash } from '../../state/url';
import { useAppStore } from '../../state/store';

/** Keeps the store's open transcript and turn in step with the URL fragment, both ways. */
export function useHashLocation(): void {
  const transcriptId = useAppStore((s) => s.transcriptId);
  const turn = useAppStore((s) => s.turn);
  const open = useAppStore((s) => s.open);
  useEffect(() => {
    const sync = () => {
      const loc = parseHash(window.location.hash);
      const s = useAppStore.getState();
      if (loc.transcriptId !== s.transcriptId || loc.turn !== s.turn) open(loc.transcriptId, loc.turn);
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [open]);
  useEffect(() => {
    const next = formatHash({ transcriptId, turn });
    if (window.location.hash !== next && !(next === '#/' && window.location.hash === '')) {
      // Turn moves replace the entry so Back returns to the library, not through every turn.
      const sameTranscript = parseHash(window.location.hash).transcriptId === transcriptId;
      if (sameTranscript) history.replaceState(null, '', next);
      else history.pushState(null, '', next);
    }
  }, [transcriptId, turn]);
}
