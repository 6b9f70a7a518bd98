import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { db } from '../../persistence/db';
import { loadTranscript } from '../../persistence/transcripts';
import { turnRows } from './rows';
import { TurnDetail } from './TurnDetail';
import { TurnTable } from './TurnTable';

/** An opened transcript: its importer and warnings, its turns, and the selected turn in full. */
export function TranscriptView({ id, turn, onTurn }: { id: number; turn: number; onTurn: (turn: number) => void }) {
  const meta = useLiveQuery(() => db.transcripts.get(id), [id]);
  const transcript = useLiveQuery(() => loadTranscript(id), [id]);
  const rows = useMemo(() => (transcript ? turnRows(transcript) : []), [transcript]);
  if (meta === undefined || transcript === undefined) return <p className="muted">Loading…</p>;
  if (meta === null || !transcript) return <p role="alert">This transcript is no longer in the library.</p>;
  const current = transcript.turns[Math.min(turn, transcript.turns.length) - 1];
  return (
    <div className="transcript-view">
      <header className="transcript-head">
        <h2>{meta.title}</h2>
        <span className="chip">{meta.format}</span>
        <span className="muted">
          {meta.turns} turns · {meta.calls} calls · from {meta.fileName}
        </span>
      </header>
      {meta.warnings.length > 0 && (
        <details className="warnings-box">
          <summary>
            Imported with {meta.warnings.length} warning{meta.warnings.length === 1 ? '' : 's'}
          </summary>
          <ul className="warnings">
            {meta.warnings.slice(0, 500).map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="transcript-body">
        <TurnTable rows={rows} turn={turn} onSelect={onTurn} />
        <TurnDetail turn={current} />
      </div>
    </div>
  );
}
