import { useEffect, useRef } from 'react';
import { useAppStore } from '../../state/store';
import { isAlarmTurn } from './alarm-nav';

/**
 * Advances the cursor while playing, at `speed` turns per second; stops at the last turn, and
 * with "pause on alarm" on, at the first turn holding an alarm (`alarms`, ascending turns).
 */
export function usePlayback(turns: number, alarms: readonly number[]): void {
  const playing = useAppStore((s) => s.playing);
  const speed = useAppStore((s) => s.speed);
  const alarmTurns = useRef(alarms);
  useEffect(() => {
    alarmTurns.current = alarms;
  }, [alarms]);
  useEffect(() => {
    if (!playing) return;
    const s = useAppStore.getState();
    if (s.turn >= turns) s.setTurn(1);
    const timer = setInterval(() => {
      const st = useAppStore.getState();
      if (st.turn >= turns) {
        st.setPlaying(false);
        return;
      }
      const next = st.turn + 1;
      st.setTurn(next);
      if (st.pauseOnAlarm && isAlarmTurn(alarmTurns.current, next)) st.setPlaying(false);
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, turns]);
}
