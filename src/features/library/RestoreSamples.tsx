import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '../../persistence/db';
import { missingSamples, restoreSamples } from '../../persistence/samples';
import { engineWorker } from '../../workers/client';

/** Puts deleted bundled samples back, through the same worker import as the first start. */
export function RestoreSamples() {
  const missing = useLiveQuery(() => db.transcripts.toArray().then(missingSamples), []);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (missing === undefined) return null;
  const restore = async () => {
    setBusy(true);
    setDone(null);
    try {
      const n = await restoreSamples((blob, name) => engineWorker().importFile(blob, name, { sample: true }));
      setDone(`Restored ${n} sample${n === 1 ? '' : 's'}.`);
    } catch (e) {
      setDone(`Could not restore the samples: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="restore-samples">
      <button
        type="button"
        disabled={busy || missing.length === 0}
        title={missing.length === 0 ? 'Every bundled sample is in the library' : missing.join(', ')}
        onClick={() => void restore()}
      >
        {missing.length === 0 ? 'Restore samples' : `Restore samples (${missing.length})`}
      </button>
      {done && (
        <span className="muted small" role="status">
          {done}
        </span>
      )}
    </span>
  );
}
