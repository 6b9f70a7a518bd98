import { useEffect } from 'react';
import { useAppStore } from '../../state/store';
import { db } from '../../persistence/db';
import { interruptedMessage } from '../../persistence/staged-import';
import { engineWorker } from '../../workers/client';

/**
 * At start, deletes the runs whose import an earlier visit left unfinished (the library keeps all
 * of an import or none) and says so: a banner per file, and the reason if such a run is opened.
 */
export function useInterruptedImports(): void {
  useEffect(() => {
    // Read here first: asking the worker at every start spawned it early, and a run opened right
    // after a reload then took 1.8 s instead of 1.1 s in 3 of 5 bench runs.
    void db.transcripts
      .filter((m) => m.storing !== undefined)
      .count()
      .then((marked) => (marked > 0 ? engineWorker().deleteInterruptedImports() : []))
      .then(
        (gone) => {
          const { noteInterrupted } = useAppStore.getState();
          for (const g of gone) noteInterrupted(g.id, interruptedMessage(g.fileName, g.title));
        },
        () => undefined, // a library that cannot be read says so where it is shown
      );
  }, []);
}
