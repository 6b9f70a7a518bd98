import { useEffect, useRef } from 'react';
import { SPEEDS } from '../../state/playback-slice';
import { useAppStore } from '../../state/store';
import { nextAlarm, previousAlarm } from './alarm-nav';

/**
 * The turn slider with play/pause, speed, pause on alarm and the jumps to the previous and next
 * alarm. The slider's accessible name says "Turn".
 */
export function Scrubber({ turns, alarms }: { turns: number; alarms: readonly number[] }) {
  const turn = useAppStore((s) => s.turn);
  const setTurn = useAppStore((s) => s.setTurn);
  const playing = useAppStore((s) => s.playing);
  const setPlaying = useAppStore((s) => s.setPlaying);
  const speed = useAppStore((s) => s.speed);
  const setSpeed = useAppStore((s) => s.setSpeed);
  const pauseOnAlarm = useAppStore((s) => s.pauseOnAlarm);
  const setPauseOnAlarm = useAppStore((s) => s.setPauseOnAlarm);
  const prev = previousAlarm(alarms, turn);
  const next = nextAlarm(alarms, turn);
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
      <label className="pause-on-alarm" title="Playback stops at each turn with an alarm">
        <input type="checkbox" checked={pauseOnAlarm} onChange={(e) => setPauseOnAlarm(e.target.checked)} />
        Pause on alarm
      </label>
      <button
        type="button"
        className="alarm-jump"
        aria-label="Previous alarm"
        title={prev === null ? 'No alarm before this turn' : `Previous alarm: turn ${prev} (p)`}
        disabled={prev === null}
        onClick={() => prev !== null && setTurn(prev)}
      >
        ◂ alarm
      </button>
      <button
        type="button"
        className="alarm-jump"
        aria-label="Next alarm"
        title={next === null ? 'No alarm after this turn' : `Next alarm: turn ${next} (n)`}
        disabled={next === null}
        onClick={() => next !== null && setTurn(next)}
      >
        alarm ▸
      </button>
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
      <KeysHelp />
    </div>
  );
}

/** The keys, folded: they work wherever the focus is, except in a field being edited. */
function KeysHelp() {
  const box = useRef<HTMLDetailsElement>(null);
  // Escape closes the list too (the workbench keys take Escape to leave a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && box.current?.open) box.current.open = false;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <details className="keys-help" ref={box}>
      <summary>Keys</summary>
      <dl>
        <dt>← →</dt>
        <dd>step a turn (Shift: 10)</dd>
        <dt>Home End</dt>
        <dd>first, last turn</dd>
        <dt>Space</dt>
        <dd>play, pause</dd>
        <dt>n p</dt>
        <dd>next, previous alarm</dd>
        <dt>+ −</dt>
        <dd>zoom the timeline around the cursor</dd>
        <dt>0</dt>
        <dd>whole run</dd>
        <dt>[ ]</dt>
        <dd>pan the timeline</dd>
        <dt>L P</dt>
        <dd>mark the selected range loop, progress (Labels tab)</dd>
        <dt>Esc</dt>
        <dd>leave a field; the keys work again</dd>
      </dl>
    </details>
  );
}
