import { useState, type FormEvent } from 'react';
import type { EngineConfig } from '../../engine/config';
import { saveNamedConfig } from '../../persistence/saved-configs';

/** Saves the config being tuned under a name; it then appears as a row "Saved: NAME". */
export function SaveConfigForm({ draft, presetName }: { draft: EngineConfig; presetName: string }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The preset it started from goes with it: the saved row's deltas are against that preset.
    saveNamedConfig(name, { ...draft, basedOn: draft.basedOn ?? presetName }).then(
      () => {
        setNote({ error: false, text: `Saved as “${name.trim()}”.` });
        setName('');
      },
      (err: unknown) => setNote({ error: true, text: String((err as Error)?.message ?? err) }),
    );
  };
  return (
    <form className="compare-save" onSubmit={submit}>
      <input
        type="text"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-label="Name for your config"
        placeholder="Name for your config"
        maxLength={200}
      />
      <button type="submit" disabled={!name.trim()}>
        Save config
      </button>
      {note && (
        <span role={note.error ? 'alert' : 'status'} className={note.error ? 'compare-save-error' : 'small muted'}>
          {note.text}
        </span>
      )}
    </form>
  );
}
