import { useCallback, useEffect, useRef, useState } from 'react';
import { SPEEDS } from '../../state/playback-slice';
import { useAppStore } from '../../state/store';
import {
  presenterStep,
  startPresenter,
  type PresenterContext,
  type PresenterInput,
  type PresenterState,
} from './presenter-machine';

/** How long an alarm stays on screen before playback goes on by itself. */
export const HOLD_MS = 7000;

/**
 * Drives presenter mode over the workbench's own playback (usePlayback, with "pause on alarm"
 * on while presenting): starts from turn 1 once the replay is `ready`, feeds each stop of
 * playback into the presenter's steps, plays on when an alarm's hold is over. Keys, taken
 * before the workbench's own: Space, Enter or → continue or pause; + − change the speed;
 * Escape leaves. Returns the presenter's state (null until it starts) and `press` for clicks.
 */
export function usePresenter(
  turns: number,
  alarms: readonly number[],
  ready: boolean,
): { state: PresenterState | null; press(): void } {
  // The state shown; the ref is the same state for callbacks, null until presenting starts.
  const [state, setState] = useState<PresenterState>(startPresenter);
  const current = useRef<PresenterState | null>(null);
  const ctx = useRef<PresenterContext>({ turns, alarms, holdMs: HOLD_MS });
  useEffect(() => {
    ctx.current = { turns, alarms, holdMs: HOLD_MS };
  });

  const send = useCallback((input: PresenterInput) => {
    const now = current.current;
    if (!now) return;
    const next = presenterStep(now, input, ctx.current);
    if (next === now) return;
    // Set before playback changes, so the stop this causes is not read as playback stopping.
    current.current = next;
    setState(next);
    useAppStore.getState().setPlaying(next.phase === 'playing');
  }, []);

  // Start once the replay's alarms are known (playing earlier would run past the first alarm).
  useEffect(() => {
    if (!ready) return;
    const s = useAppStore.getState();
    // The workbench's own settings, given back on leaving: a speed changed while presenting is the show's.
    const pauseOnAlarm = s.pauseOnAlarm;
    const speed = s.speed;
    s.setRange(null); // no selected range: the label keys (L, P) stay off
    s.setPauseOnAlarm(true);
    s.setTurn(1);
    current.current = startPresenter(); // equal to the state's first value
    s.setPlaying(true);
    const unsubscribe = useAppStore.subscribe((st, prev) => {
      if (prev.playing && !st.playing && current.current?.phase === 'playing')
        send({ type: 'stopped', turn: st.turn, now: Date.now() });
    });
    return () => {
      unsubscribe();
      current.current = null;
      const st = useAppStore.getState();
      st.setPlaying(false);
      st.setPauseOnAlarm(pauseOnAlarm);
      st.setSpeed(speed);
    };
  }, [ready, send]);

  // An alarm's hold: play on when it is over.
  const resumeAt = ready ? state.resumeAt : null;
  useEffect(() => {
    if (resumeAt === null) return;
    const timer = setTimeout(() => send({ type: 'due', now: Date.now() }), Math.max(0, resumeAt - Date.now()));
    return () => clearTimeout(timer);
  }, [resumeAt, send]);

  const press = useCallback(() => send({ type: 'press', turn: useAppStore.getState().turn, now: Date.now() }), [send]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.key === 'Tab') return;
      // Presenter mode owns the keys: none reaches the workbench underneath.
      e.stopPropagation();
      const s = useAppStore.getState();
      switch (e.key) {
        case 'Escape':
          s.setPresenting(false);
          break;
        case ' ':
        case 'Enter':
        case 'ArrowRight':
          press();
          break;
        case '+':
        case '=':
        case '-':
        case '_': {
          const i = SPEEDS.indexOf(s.speed as (typeof SPEEDS)[number]);
          const up = e.key === '+' || e.key === '=';
          const j = i < 0 ? 1 : Math.max(0, Math.min(SPEEDS.length - 1, i + (up ? 1 : -1)));
          s.setSpeed(SPEEDS[j]);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [press]);

  return { state: ready ? state : null, press };
}
