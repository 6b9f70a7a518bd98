import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { db } from '../../persistence/db';
import { useAppStore } from '../../state/store';
import { parsePresent, withPresent } from './present-link';

/**
 * Keeps presenter mode and the address in step: `?present` turns it on at load,
 * `?present=<sample>` also opens that bundled sample once it is in the library (on a first
 * visit, as soon as the samples are stored); the address says `?present` while presenting, so
 * the page can be linked or reloaded. Leaving the run (Back, the library link) ends it.
 */
export function usePresentLink(): void {
  const [request] = useState(() => parsePresent(window.location.search));
  const waiting = useRef(request.sample !== null);
  const presenting = useAppStore((s) => s.presenting);
  const transcriptId = useAppStore((s) => s.transcriptId);

  useEffect(() => {
    if (request.on) useAppStore.getState().setPresenting(true);
  }, [request]);

  const sample = request.sample;
  const sampleId = useLiveQuery(
    () =>
      sample === null
        ? null
        : db.transcripts
            .filter((t) => t.sample === true && t.fileName === sample)
            .first()
            .then((t) => t?.id ?? null),
    [sample],
  );
  useEffect(() => {
    if (!waiting.current || sampleId === undefined || sampleId === null) return;
    waiting.current = false;
    const s = useAppStore.getState();
    s.setPresenting(true);
    s.open(sampleId);
  }, [sampleId]);

  useEffect(() => {
    if (presenting && transcriptId === null && !waiting.current) useAppStore.getState().setPresenting(false);
  }, [presenting, transcriptId]);

  const shown = useRef(request.on);
  useEffect(() => {
    if (presenting === shown.current) return;
    shown.current = presenting;
    const next = withPresent(window.location.href, presenting);
    if (next !== window.location.href) history.replaceState(history.state, '', next);
  }, [presenting]);
}
