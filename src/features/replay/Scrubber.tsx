import { SPEEDS } from '../../state/playback-slice';
import { useAppStore } from '../../state/store';

/** The turn slider with play/pause and speed. The slider's accessible name says "Turn". */
export function Scrubber({ turns }: { turns: number }) {
  const turn = useAppStore((s) => s.turn);
  const setTurn = useAppStore((s) => s.setTurn);
  const playing = useAppStore((s) => s.playing);
  const setPlaying = useAppStore((s) => s.setPlaying);
  const speed = useAppStore((s) => s.speed);
  const setSpeed = useAppStore((s) => s.setSpeed);
  return (
    <div className="scrubber">
      <button
        type="button"
        className="play"
        onClick={() => setPlaying(!playing)}
        aria-label={playing ? 'Pause' : 'Play'}
        title="Space"
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <select aria-label="Playback speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s} turns/s
          </option>
        ))}
      </select>
      <input
        type="range"
        min={1}
        max={Math.max(1, turns)}
        value={Math.min(turn, Math.max(1, turns))}
        aria-label="Turn"
        aria-valuetext={`Turn ${turn} of ${turns}`}
        onChange={(e) => setTurn(Number(e.target.value))}
      />
      <span className="turn-readout" aria-live="polite">
        Turn <strong>{turn}</strong> / {turns}
      </span>
      <span className="muted small keys-hint">← → step · Home End · space play</span>
    </div>
  );
}
