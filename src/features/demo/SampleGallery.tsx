import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '../../persistence/db';
import { useAppStore } from '../../state/store';
import { SAMPLE_STORIES } from './sample-stories';
import './gallery.css';

const HIDDEN_KEY = 'loopscope.galleryHidden';

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The bundled samples as cards, one line each on what the agent did and which loop it shows:
 * where a new user lands, above the library. A card opens its sample; "Present" opens it in
 * presenter mode. A deleted sample's card says so (Restore samples, beside the library, puts
 * it back). The whole gallery can be folded away; that choice is remembered.
 */
export function SampleGallery() {
  const stored = useLiveQuery(() => db.transcripts.filter((t) => t.sample === true).toArray(), []);
  const [hidden, setHidden] = useState(readHidden);
  const fold = (on: boolean) => {
    setHidden(on);
    try {
      localStorage.setItem(HIDDEN_KEY, on ? '1' : '0');
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  };
  if (hidden)
    return (
      <p className="gallery-folded">
        <button type="button" className="link-button" onClick={() => fold(false)}>
          Show the {SAMPLE_STORIES.length} samples with their stories
        </button>
      </p>
    );
  const idOf = new Map((stored ?? []).map((t) => [t.fileName, t.id]));
  const open = (id: number, present: boolean) => {
    const s = useAppStore.getState();
    s.setPresenting(present);
    s.open(id);
  };
  return (
    <section className="gallery" aria-label="Samples">
      <div className="gallery-head">
        <h2>Start with a sample</h2>
        <span className="muted">
          Each is a short agent run; open one to replay it turn by turn, or present it to play it in large type,
          stopping at each alarm.
        </span>
        <button type="button" className="link-button" onClick={() => fold(true)}>
          Hide
        </button>
      </div>
      <ul className="gallery-cards">
        {SAMPLE_STORIES.map((s) => {
          const id = idOf.get(s.file);
          return (
            <li key={s.file} className={`sample-card${id === undefined ? ' missing' : ''}`}>
              <button
                type="button"
                className="sample-open"
                disabled={id === undefined}
                onClick={() => id !== undefined && open(id, false)}
              >
                {s.title}
              </button>
              <p className="sample-story">{s.story}</p>
              <div className="sample-foot">
                <span className="chip">shows: {s.loop}</span>
                {id === undefined ? (
                  <span className="muted small">{stored === undefined ? 'Opening…' : 'Not in the library'}</span>
                ) : (
                  <button
                    type="button"
                    className="sample-present"
                    aria-label={`Present ${s.title}`}
                    onClick={() => open(id, true)}
                  >
                    ▶ Present
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
