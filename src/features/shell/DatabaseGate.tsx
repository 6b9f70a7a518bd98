import { useEffect, useState, type ReactNode } from 'react';
import { db } from '../../persistence/db';
import { rescueLibrary, resetLibrary } from '../../persistence/rescue';
import { downloadText } from '../share/download';

type GateState = { kind: 'opening' } | { kind: 'blocked' } | { kind: 'open' } | { kind: 'failed'; reason: string };

/** Dexie wraps the browser's error and repeats its text: the browser's own words are the reason. */
function reasonOf(e: unknown): string {
  const err = e as { message?: string; inner?: { message?: string } };
  return err.inner?.message || err.message || String(e);
}

/**
 * Opens the library before anything reads it. If it cannot be opened (a failed upgrade, broken
 * storage), the page says so and offers to save what can still be read and to start afresh,
 * instead of waiting on "Opening the library…" forever.
 */
export function DatabaseGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>({ kind: 'opening' });
  useEffect(() => {
    let live = true;
    const onBlocked = () => live && setState({ kind: 'blocked' });
    db.on('blocked', onBlocked);
    db.open().then(
      () => live && setState({ kind: 'open' }),
      (e: unknown) => live && setState({ kind: 'failed', reason: reasonOf(e) }),
    );
    return () => {
      live = false;
      db.on('blocked').unsubscribe(onBlocked);
    };
  }, []);
  if (state.kind === 'open') return children;
  if (state.kind === 'opening') return <p className="muted gate">Opening the library…</p>;
  if (state.kind === 'blocked')
    return (
      <div role="alert" className="crash">
        <h2>The library is waiting for another tab</h2>
        <p>Another Loopscope tab holds an older version of the library open. Close it, and this page goes on.</p>
      </div>
    );
  return <OpenFailed reason={state.reason} />;
}

function OpenFailed({ reason }: { reason: string }) {
  const [note, setNote] = useState<string>();
  const rescue = async () => {
    try {
      const r = await rescueLibrary();
      downloadText('loopscope-library-rescue.loop.jsonl', r.text, 'application/jsonl');
      setNote(
        `Saved ${r.transcripts} transcript${r.transcripts === 1 ? '' : 's'} as Loopscope JSONL` +
          (r.skipped ? `; ${r.skipped} could not be read` : '') +
          '. Import the file again after a reset.',
      );
    } catch (e) {
      setNote(`Nothing could be read: ${reasonOf(e)}`);
    }
  };
  const reset = async () => {
    if (!window.confirm('Delete every transcript, label and saved config in this browser and start afresh?')) return;
    db.close();
    await resetLibrary();
    window.location.reload();
  };
  return (
    <div role="alert" className="crash">
      <h2>The library could not be opened</h2>
      <p>{reason}</p>
      <p>Save what can still be read, then reset the library to start afresh.</p>
      <p>
        <button type="button" onClick={() => void rescue()}>
          Export what can be read
        </button>{' '}
        <button type="button" onClick={() => void reset()}>
          Reset the library
        </button>
      </p>
      {note && <p role="status">{note}</p>}
    </div>
  );
}
