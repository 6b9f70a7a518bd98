import { useCallback, useEffect, useRef } from 'react';
import { SampleGallery } from './features/demo/SampleGallery';
import { usePresentLink } from './features/demo/usePresentLink';
import { DropZone } from './features/import/DropZone';
import { ImportButton } from './features/import/ImportButton';
import { ImportStatus } from './features/import/ImportStatus';
import { useInterruptedImports } from './features/import/useInterruptedImports';
import type { PickedFile } from './features/import/picked-files';
import { importFiles, reportEmptyFolder } from './features/import/run-import';
import { Library } from './features/library/Library';
import { RestoreSamples } from './features/library/RestoreSamples';
import { useHashLocation } from './features/shell/useHashLocation';
import { useShareLink } from './features/share/useShareLink';
import { ShareLinkBanner } from './features/share/ShareLinkBanner';
import { Workbench } from './features/workbench/Workbench';
import { useDraftPersistence } from './features/workbench/useDraftPersistence';
import { seedSamplesOnce } from './persistence/samples';
import { useAppStore } from './state/store';
import { engineWorker } from './workers/client';

export function App() {
  useShareLink(); // first: before the fragment is rewritten and the stored draft restored
  useHashLocation();
  useDraftPersistence();
  usePresentLink();
  useInterruptedImports();
  const transcriptId = useAppStore((s) => s.transcriptId);
  const open = useAppStore((s) => s.open);

  // One seeding per page (effects run twice in development): a share link to a sample waits for it.
  const seeding = useRef<Promise<number> | null>(null);
  useEffect(() => {
    if (seeding.current) return;
    seeding.current = seedSamplesOnce((blob, name) => engineWorker().importFile(blob, name, { sample: true }));
    void seeding.current.finally(() => useAppStore.getState().setSamplesSeeded());
  }, []);

  const onFiles = useCallback(
    async (files: PickedFile[]) => {
      const ids = await importFiles(files);
      if (ids.length === 1) open(ids[0]);
    },
    [open],
  );

  return (
    <DropZone onFiles={onFiles} onEmpty={reportEmptyFolder}>
      <header className="app-header">
        <h1>
          <a href="#/" onClick={() => open(null)}>
            <img src="/favicon.svg" alt="" width={22} height={22} /> Loopscope
          </a>
        </h1>
        <span className="muted tagline">loop detection for tool-calling agents · everything stays in your browser</span>
        <span className="spacer" />
        <ImportButton onFiles={onFiles} onEmpty={reportEmptyFolder} />
      </header>
      <ImportStatus />
      <ShareLinkBanner />
      <main>
        {transcriptId === null ? (
          <section aria-label="Library page">
            <SampleGallery />
            <div className="library-head">
              <h2>Library</h2>
              <RestoreSamples />
            </div>
            <Library onOpen={(id, turn) => open(id, turn)} />
          </section>
        ) : (
          <Workbench key={transcriptId} id={transcriptId} />
        )}
      </main>
    </DropZone>
  );
}
