import { useEffect } from 'react';
import { useAppStore } from '../../state/store';
import { interruptedMessage } from '../../persistence/staged-import';
import { engineWorker } from '../../workers/client';

/**
 * At start, deletes the runs whose import an earlier visit left unfinished (the library keeps all
 * of an import or none) and says so: a banner per file, and the reason if such a run is opened.
 */
export function useInterruptedImports(): void {
  useEffect(() => {
    void engineWorker()
      .deleteInterruptedImports()
      .then(
        (gone) => {
          const { noteInterrupted } = useAppStore.getState();
          for (const g of gone) noteInterrupted(g.id, interruptedMessage(g.fileName, g.title));
        },
        () => undefined, // a library that cannot be read says so where it is shown
      );
  }, []);
}
